package dev.keysmith.hibernate.ogm;

import static dev.keysmith.hibernate.ogm.OgmTestSupport.inTransaction;
import static dev.keysmith.hibernate.ogm.OgmTestSupport.persist;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.keysmith.hibernate.ogm.model.Seat;
import dev.keysmith.runtime.RandomIdExhaustedException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.persistence.EntityManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code @RandomId} draws again when a number is taken, in the collection or in the session; with the space full it
 * fails naming the entity, the collection and the attempts, and inserts nothing.
 */
class RandomIdTest {

    @RegisterExtension
    final OgmTestSupport mongo = OgmTestSupport.start();
    private final String database = mongo.freshDatabaseName();
    private final EntityManagerFactory factory = mongo.factory(database, Seat.class);

    @Test
    void aTakenNumberIsDrawnAgainUntilAllNineAreUsed() {
        Set<Long> numbers = new HashSet<>();
        for (int i = 0; i < 9; i++) {
            numbers.add(persist(factory, new Seat()).number);
        }

        assertThat(numbers).containsExactlyInAnyOrder(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
    }

    @Test
    void numbersTakenInTheSameUnflushedSessionAreDrawnAgainToo() {
        List<Seat> seats = new ArrayList<>();
        inTransaction(factory, em -> {
            for (int i = 0; i < 9; i++) {
                Seat seat = new Seat();
                em.persist(seat);
                seats.add(seat);
            }
        });

        assertThat(seats).extracting(seat -> seat.number).doesNotHaveDuplicates().hasSize(9);
        assertThat(mongo.database(database).getCollection("Seat").countDocuments()).isEqualTo(9);
    }

    @Test
    void aFullSpaceFailsWithoutInserting() {
        for (int i = 0; i < 9; i++) {
            persist(factory, new Seat());
        }

        Throwable thrown = catchThrowable(() -> persist(factory, new Seat()));

        assertThat(thrown).isInstanceOf(RandomIdExhaustedException.class)
                .hasMessage("[keysmith] no free @RandomId for Seat in 'Seat': each of 200 attempts drew an id that was"
                        + " already taken; raise @RandomId(digits) to make room");
        assertThat(mongo.database(database).getCollection("Seat").countDocuments()).isEqualTo(9);
    }
}
