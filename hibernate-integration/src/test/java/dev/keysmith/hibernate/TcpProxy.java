package dev.keysmith.hibernate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A TCP proxy on 127.0.0.1 (a free port) in front of a database server, to make the database go away and come back
 * as a network outage does: {@link #cut()} closes every connection and refuses new ones, {@link #restore()} accepts
 * them again on the same port. The database itself never notices.
 *
 * <p>Thread-safe.
 */
final class TcpProxy implements AutoCloseable {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    private final int targetPort;
    private final int port;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private final ExecutorService threads = Executors.newCachedThreadPool(task -> {
        Thread thread = new Thread(task, "tcp-proxy");
        thread.setDaemon(true);
        return thread;
    });
    private volatile ServerSocket server;

    TcpProxy(int targetPort) {
        this.targetPort = targetPort;
        this.server = listen(0);
        this.port = server.getLocalPort();
        acceptOn(server);
    }

    int port() {
        return port;
    }

    /**
     * Closes every proxied connection and refuses new ones until {@link #restore()}; a connection accepted before the
     * cut but not yet joined to its upstream is closed by its acceptor, which checks under the same lock.
     */
    void cut() {
        synchronized (sockets) {
            closeQuietly(server);
            sockets.forEach(TcpProxy::closeQuietly);
            sockets.clear();
        }
    }

    /** Accepts connections again, on the same port. */
    void restore() {
        server = listen(port);
        acceptOn(server);
    }

    @Override
    public void close() {
        cut();
        threads.shutdownNow();
    }

    private static ServerSocket listen(int port) {
        try {
            ServerSocket socket = new ServerSocket();
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(LOOPBACK, port));
            return socket;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on 127.0.0.1:" + port, e);
        }
    }

    private void acceptOn(ServerSocket listening) {
        threads.execute(() -> {
            while (!listening.isClosed()) {
                Socket client;
                Socket upstream;
                try {
                    client = listening.accept();
                } catch (IOException e) {
                    continue; // the listening socket was closed by cut()
                }
                try {
                    upstream = new Socket(LOOPBACK, targetPort);
                } catch (IOException e) {
                    closeQuietly(client); // the target refused: the client sees a closed socket
                    continue;
                }
                synchronized (sockets) {
                    if (listening.isClosed()) {
                        // cut() ran while this connection was being joined to its upstream: it is cut too (else it
                        // would carry one client's statements through the whole outage)
                        closeQuietly(client);
                        closeQuietly(upstream);
                        continue;
                    }
                    sockets.add(client);
                    sockets.add(upstream);
                }
                pipe(client, upstream);
                pipe(upstream, client);
            }
        });
    }

    private void pipe(Socket from, Socket to) {
        threads.execute(() -> {
            try {
                from.getInputStream().transferTo(to.getOutputStream());
            } catch (IOException e) {
                // one side was closed
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        });
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            // already closed
        }
    }
}
