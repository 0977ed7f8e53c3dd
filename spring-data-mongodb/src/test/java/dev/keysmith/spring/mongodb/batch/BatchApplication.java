package dev.keysmith.spring.mongodb.batch;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.data.mongodb.core.mapping.event.AfterSaveCallback;
import org.springframework.data.mongodb.core.mapping.event.ReactiveAfterSaveCallback;
import reactor.core.publisher.Mono;

/**
 * The application of the batch tests, with both routes: an entity per strategy, blocking and reactive repositories of
 * them, and after-save callbacks of its own (on each route) that record the id of every entity they were called with.
 */
@SpringBootApplication
public class BatchApplication {

    /** The ids the after-save callbacks were called with, in order, on both routes. */
    public static final class AfterSaves {
        private final List<Object> ids = Collections.synchronizedList(new ArrayList<>());

        public List<Object> ids() {
            return List.copyOf(ids);
        }

        void saw(Object id) {
            ids.add(id);
        }
    }

    @Bean
    AfterSaves afterSaves() {
        return new AfterSaves();
    }

    @Bean
    AfterSaveCallback<Object> recordSaved(AfterSaves saves) {
        return (entity, document, collection) -> {
            saves.saw(document.get("_id"));
            return entity;
        };
    }

    @Bean
    ReactiveAfterSaveCallback<Object> recordReactivelySaved(AfterSaves saves) {
        return (entity, document, collection) -> {
            saves.saw(document.get("_id"));
            return Mono.just(entity);
        };
    }
}
