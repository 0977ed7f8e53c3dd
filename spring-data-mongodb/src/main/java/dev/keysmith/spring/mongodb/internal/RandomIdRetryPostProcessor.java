package dev.keysmith.spring.mongodb.internal;

import dev.keysmith.spring.mongodb.KeysmithSequenceCounters;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.function.Supplier;
import org.aopalliance.aop.Advice;
import org.springframework.aop.framework.Advised;
import org.springframework.aop.framework.AopInfrastructureBean;
import org.springframework.aop.framework.ProxyFactory;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.data.mongodb.core.MongoOperations;

/**
 * Puts keysmith's advice around every template bean of one kind: around every {@link MongoOperations},
 * {@link RandomIdRetry} and {@link UpsertIds}, so that the template the application and its repositories use retries
 * {@code @RandomId} collisions, resyncs a {@code @Sequence} behind its data and stores no upserted document without
 * keysmith's id; around every {@code ReactiveMongoOperations}, {@link ReactiveInsertIds}, {@link ReactiveUpsertIds}
 * and {@link ReactiveMonoInserts}. The proxy subclasses
 * the template's class, so a bean injected as {@code MongoTemplate} (or {@code ReactiveMongoTemplate}) still is one.
 *
 * <p>Thread-safe.
 */
public final class RandomIdRetryPostProcessor implements BeanPostProcessor, AopInfrastructureBean {

    private final Class<?> templates;
    private final Supplier<List<Advice>> advice;

    /** Around every {@link MongoOperations}: {@link RandomIdRetry} and {@link UpsertIds}. */
    public RandomIdRetryPostProcessor(Supplier<EntityIds> ids, Supplier<KeysmithSequenceCounters> counters) {
        this(MongoOperations.class, () -> List.of(new RandomIdRetry(ids, counters), new UpsertIds(ids)));
    }

    /** Around every bean of type {@code templates}: the advice {@code advice} makes for it, outermost first. */
    public RandomIdRetryPostProcessor(Class<?> templates, Supplier<List<Advice>> advice) {
        this.templates = templates;
        this.advice = advice;
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) {
        if (!templates.isInstance(bean)) {
            return bean;
        }
        List<Advice> around = advice.get();
        if (bean instanceof Advised advised && !advised.isFrozen()) {
            for (int i = 0; i < around.size(); i++) {
                advised.addAdvice(i, around.get(i));
            }
            return bean;
        }
        ProxyFactory proxy = new ProxyFactory(bean);
        proxy.setProxyTargetClass(!Modifier.isFinal(bean.getClass().getModifiers()));
        around.forEach(proxy::addAdvice);
        return proxy.getProxy(bean.getClass().getClassLoader());
    }
}
