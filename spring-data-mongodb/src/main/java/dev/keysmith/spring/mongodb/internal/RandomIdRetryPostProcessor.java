package dev.keysmith.spring.mongodb.internal;

import dev.keysmith.spring.mongodb.KeysmithSequenceCounters;
import java.lang.reflect.Modifier;
import java.util.function.Supplier;
import org.springframework.aop.framework.Advised;
import org.springframework.aop.framework.AopInfrastructureBean;
import org.springframework.aop.framework.ProxyFactory;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.data.mongodb.core.MongoOperations;

/**
 * Puts {@link RandomIdRetry} around every {@link MongoOperations} bean, so that the template the application and
 * its repositories use retries {@code @RandomId} collisions and resyncs a {@code @Sequence} behind its data. The
 * proxy subclasses the template's class, so a bean
 * injected as {@code MongoTemplate} still is one.
 *
 * <p>Thread-safe.
 */
public final class RandomIdRetryPostProcessor implements BeanPostProcessor, AopInfrastructureBean {

    private final Supplier<EntityIds> ids;
    private final Supplier<KeysmithSequenceCounters> counters;

    public RandomIdRetryPostProcessor(Supplier<EntityIds> ids, Supplier<KeysmithSequenceCounters> counters) {
        this.ids = ids;
        this.counters = counters;
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) {
        if (!(bean instanceof MongoOperations)) {
            return bean;
        }
        RandomIdRetry retry = new RandomIdRetry(ids, counters);
        if (bean instanceof Advised advised && !advised.isFrozen()) {
            advised.addAdvice(0, retry);
            return bean;
        }
        ProxyFactory proxy = new ProxyFactory(bean);
        proxy.setProxyTargetClass(!Modifier.isFinal(bean.getClass().getModifiers()));
        proxy.addAdvice(retry);
        return proxy.getProxy(bean.getClass().getClassLoader());
    }
}
