package dev.keysmith.spring.mongodb.internal;

import java.util.Collection;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.springframework.aop.ProxyMethodInvocation;
import org.springframework.data.mongodb.core.ReactiveMongoOperations;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Around the {@code ReactiveMongoOperations} overloads that take a {@code Mono} of what to write
 * ({@code insert(Mono)}, {@code save(Mono)}, {@code save(Mono, collection)}, {@code insertAll(Mono)},
 * {@code insertAll(Mono, EntityClass)}, {@code insertAll(Mono, collection)}): each is what the template does, the
 * one-entity or batch call for what the {@code Mono} gives, but made on the template's proxy rather than inside the
 * template, so that it passes the advice the direct calls pass ({@link ReactiveInsertIds}: a {@code @RandomId}
 * collision retried, a batch's sequence ids in order). Without it the template calls its own methods past the proxy:
 * the entities get their ids from the callback, but nothing retries.
 *
 * <p>Thread-safe.
 */
public final class ReactiveMonoInserts implements MethodInterceptor {

    @Override
    @SuppressWarnings("unchecked")
    public Object invoke(MethodInvocation invocation) throws Throwable {
        Object[] args = invocation.getArguments();
        if (!(invocation.getThis() instanceof ReactiveMongoOperations target)
                || !(invocation instanceof ProxyMethodInvocation proxied) || args.length == 0
                || !(args[0] instanceof Mono<?> given)) {
            return invocation.proceed();
        }
        ReactiveMongoOperations template = (ReactiveMongoOperations) proxied.getProxy();
        String name = invocation.getMethod().getName();
        if (name.equals("insert") && args.length == 1) {
            return given.flatMap(template::insert);
        }
        if (name.equals("save") && args.length == 1) {
            return given.flatMap(template::save);
        }
        if (name.equals("save") && args.length == 2 && args[1] instanceof String collection) {
            return given.flatMap(entity -> template.save(entity, collection));
        }
        Mono<? extends Collection<?>> batch = (Mono<? extends Collection<?>>) given;
        if (name.equals("insertAll") && args.length == 1) {
            return Flux.from(batch).flatMapSequential(template::insertAll);
        }
        if (name.equals("insertAll") && args.length == 2 && (args[1] instanceof String || args[1] instanceof Class)) {
            String collection = args[1] instanceof String named ? named : target.getCollectionName((Class<?>) args[1]);
            return Flux.from(batch).flatMapSequential(entities -> template.insert(entities, collection));
        }
        return invocation.proceed();
    }
}
