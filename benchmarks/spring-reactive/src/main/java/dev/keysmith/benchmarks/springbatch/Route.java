package dev.keysmith.benchmarks.springbatch;

import java.util.List;

/** The four batch calls of (l), each awaited: what one timed batch does. */
enum Route {

    BLOCKING_REPOSITORY {
        @Override
        int saveAll(SpringBatchState app, SpringBatchState.Side side, List<Object> batch) {
            return side.repository().saveAll(batch).size();
        }
    },
    BLOCKING_TEMPLATE {
        @Override
        int saveAll(SpringBatchState app, SpringBatchState.Side side, List<Object> batch) {
            return app.template.insert(batch, side.type()).size();
        }
    },
    REACTIVE_REPOSITORY {
        @Override
        int saveAll(SpringBatchState app, SpringBatchState.Side side, List<Object> batch) {
            return side.reactiveRepository().saveAll(batch).collectList().block().size();
        }
    },
    REACTIVE_TEMPLATE {
        @Override
        int saveAll(SpringBatchState app, SpringBatchState.Side side, List<Object> batch) {
            return app.reactiveTemplate.insert(batch, side.type()).collectList().block().size();
        }
    };

    /** Saves {@code batch} of {@code side}'s new entities; how many came back. */
    abstract int saveAll(SpringBatchState app, SpringBatchState.Side side, List<Object> batch);
}
