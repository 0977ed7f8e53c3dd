package dev.keysmith.benchmarks.spring;

import org.reactivestreams.Publisher;
import org.springframework.data.mongodb.core.mapping.event.ReactiveBeforeConvertCallback;
import reactor.core.publisher.Mono;

/**
 * The hand-written id callback: before a {@link HandWrittenInvoice} without a number is converted for its insert, it
 * takes the next value of the entity's counter document and sets it. Thread-safe.
 */
public class HandWrittenIdCallback implements ReactiveBeforeConvertCallback<HandWrittenInvoice> {

    private final HandWrittenSequenceGenerator sequences;

    public HandWrittenIdCallback(HandWrittenSequenceGenerator sequences) {
        this.sequences = sequences;
    }

    @Override
    public Publisher<HandWrittenInvoice> onBeforeConvert(HandWrittenInvoice invoice, String collection) {
        if (invoice.getNumber() != null) {
            return Mono.just(invoice);
        }
        return sequences.generateSequence(HandWrittenInvoice.SEQUENCE_NAME).map(number -> {
            invoice.setNumber(number);
            return invoice;
        });
    }
}
