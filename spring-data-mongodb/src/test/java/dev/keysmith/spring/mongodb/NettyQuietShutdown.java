package dev.keysmith.spring.mongodb;

import io.netty.channel.EventLoopGroup;
import java.lang.reflect.Field;
import java.util.concurrent.TimeUnit;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.config.DestructionAwareBeanPostProcessor;

/**
 * Test infrastructure only: shuts down the Netty event loop group Spring Boot's reactive MongoDB auto-configuration
 * makes for the driver (Netty is on the tests' class path through the embedded server) without Netty's two-second
 * quiet period, at the moment Boot's own {@code destroy()} would, so that closing an application with the reactive
 * route takes milliseconds instead of over two seconds.
 *
 * <p>Nothing else changes: the group is the same, shut down gracefully (its queued tasks still run) at the same point
 * of the context's close (right before Boot's customizer is destroyed, after the client that used it), with Netty's
 * own 15 s bound; Boot's {@code destroy()} then finds it terminated. The quiet period only waits for tasks that might
 * still be submitted, and none are: the client is closed. If the customizer's field is not found (a future Boot),
 * nothing is done and Boot's shutdown takes its usual time.
 */
final class NettyQuietShutdown implements DestructionAwareBeanPostProcessor {

    private static final String CUSTOMIZER = "MongoReactiveAutoConfiguration$NettyDriverMongoClientSettingsBuilderCustomizer";

    @Override
    public boolean requiresDestruction(Object bean) {
        return bean.getClass().getName().endsWith(CUSTOMIZER);
    }

    @Override
    public void postProcessBeforeDestruction(Object bean, String beanName) throws BeansException {
        if (!requiresDestruction(bean)) {
            return;
        }
        try {
            Field field = bean.getClass().getDeclaredField("eventLoopGroup");
            field.setAccessible(true);
            if (field.get(bean) instanceof EventLoopGroup group) {
                group.shutdownGracefully(0, 15, TimeUnit.SECONDS).awaitUninterruptibly();
            }
        } catch (NoSuchFieldException | IllegalAccessException | RuntimeException e) {
            // left to Boot's own destroy(), which shuts the group down with the default quiet period
        }
    }
}
