package dev.keysmith.mongodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoWriteException;
import com.mongodb.bulk.BulkWriteError;
import com.mongodb.client.MongoClient;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import dev.keysmith.mongodb.model.Account;
import dev.keysmith.mongodb.model.Member;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.LongStream;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import dev.keysmith.runtime.RandomIdExhaustedException;
import org.junit.jupiter.api.Test;

/** {@code @RandomId(digits = 1, attempts = 200)}: nine ids exist, the tenth insert cannot succeed. */
class RandomIdRetryTest extends MongoTestBase {

    @Test
    void nineAccountsFitAndTheTenthFailsAfterExactly200Attempts() {
        Repository<Account, Long> accounts = keysmith.repository(Account.class);
        List<Long> numbers = new ArrayList<>();
        for (int i = 1; i <= 9; i++) {
            numbers.add(accounts.insert(new Account("user" + i + "@example.com")).number);
        }
        assertThat(numbers).containsExactlyInAnyOrder(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);

        AtomicInteger tries = countInsertAttempts("accounts");
        Repository<Account, Long> counted = keysmith.repository(Account.class);
        assertThatThrownBy(() -> counted.insert(new Account("tenth@example.com")))
                .isInstanceOfSatisfying(RandomIdExhaustedException.class, e -> {
                    assertThat(e.target()).isEqualTo("accounts");
                    assertThat(e.entity()).isEqualTo("Account");
                    assertThat(e.attempts()).isEqualTo(200);
                    assertThat(e.getCause()).isInstanceOf(MongoWriteException.class);
                })
                .hasMessageContaining("'accounts'").hasMessageContaining("200 attempts");
        assertThat(tries.get()).isEqualTo(200);
        assertThat(accounts.count()).isEqualTo(9);
        assertThat(accounts.find(com.mongodb.client.model.Filters.eq("email", "tenth@example.com"))).isEmpty();
    }

    @Test
    void insertAllRetriesTheCollidingEntityAndUndoesAFailedCall() {
        Repository<Account, Long> accounts = keysmith.repository(Account.class);
        List<Account> batch = new ArrayList<>();
        for (int i = 1; i <= 9; i++) {
            batch.add(new Account("user" + i + "@example.com"));
        }
        assertThat(accounts.insertAll(batch)).extracting(account -> account.number)
                .containsExactlyInAnyOrder(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);

        accounts.deleteById(9L);
        accounts.deleteById(8L);
        List<Account> tooMany = List.of(new Account("x@example.com"), new Account("y@example.com"),
                new Account("z@example.com"));
        assertThatThrownBy(() -> accounts.insertAll(tooMany)).isInstanceOf(RandomIdExhaustedException.class);
        assertThat(accounts.count()).isEqualTo(7);
    }

    @Test
    void aFailedInsertAllNamesTheFailedEntityByItsIndexInTheCallAndLeavesNoIdOnTheCallersInstances() {
        Repository<Account, Long> accounts = keysmith.repository(Account.class);
        Set<Long> used = new HashSet<>();
        for (int i = 1; i <= 8; i++) {
            used.add(accounts.insert(new Account("user" + i + "@example.com")).number);
        }
        long free = LongStream.rangeClosed(1, 9).filter(number -> !used.contains(number)).findFirst().orElseThrow();
        Account assigned = new Account("assigned@example.com");
        assigned.number = free;
        Account generated = new Account("generated@example.com");

        // the first entity takes the last free id: the second collides on every attempt, from its first retry on
        // inserted as a batch that starts at it
        assertThatThrownBy(() -> accounts.insertAll(List.of(assigned, generated)))
                .isInstanceOfSatisfying(RandomIdExhaustedException.class, e -> assertThat(e.getCause())
                        .isInstanceOfSatisfying(MongoBulkWriteException.class, bulk -> assertThat(bulk.getWriteErrors())
                                .extracting(BulkWriteError::getIndex).containsExactly(1)));
        assertThat(accounts.count()).as("the entity inserted by the failed call is deleted again").isEqualTo(8);
        assertThat(assigned.number).as("an id set by the application is kept").isEqualTo(free);
        assertThat(generated.number).as("a generated id is removed again").isZero();

        assertThat(accounts.insert(generated).number).as("sent again, it is retried until it finds the free id")
                .isEqualTo(free);
    }

    @Test
    void nullArgumentsAreRefusedNamingTheArgumentAndNothingIsInserted() {
        Repository<Account, Long> accounts = keysmith.repository(Account.class);
        Account first = new Account("first@example.com");

        assertThatNullPointerException().isThrownBy(() -> accounts.insert(null)).withMessage("entity");
        assertThatNullPointerException().isThrownBy(() -> accounts.save(null)).withMessage("entity");
        assertThatNullPointerException().isThrownBy(() -> accounts.insertAll(null)).withMessage("entities");
        assertThatNullPointerException().isThrownBy(() -> accounts.findById(null)).withMessage("id");
        assertThatNullPointerException().isThrownBy(() -> accounts.deleteById(null)).withMessage("id");
        assertThatIllegalArgumentException().isThrownBy(() -> accounts.insertAll(Arrays.asList(first, null)))
                .withMessageContaining("index 1 of 2").withMessageContaining("nothing was inserted");
        assertThat(accounts.count()).isZero();
        assertThat(first.number).isZero();
    }

    @Test
    void aDuplicateOnAnotherUniqueIndexIsReportedAtOnce() {
        // Twelve digits, so that the second id cannot collide with the first: only the name index can.
        keysmith.collection(Member.class).createIndex(Indexes.ascending("name"), new IndexOptions().unique(true));
        Repository<Member, Long> members = keysmith.repository(Member.class);
        members.insert(new Member("same"));

        AtomicInteger tries = countInsertAttempts("member");
        Repository<Member, Long> counted = keysmith.repository(Member.class);
        assertThatThrownBy(() -> counted.insert(new Member("same")))
                .isInstanceOf(MongoWriteException.class)
                .hasMessageContaining("name");
        assertThat(tries.get()).isEqualTo(1);
        assertThat(members.count()).isEqualTo(1);
    }

    @Test
    void anIdSetByTheApplicationIsNotRetried() {
        Repository<Account, Long> accounts = keysmith.repository(Account.class);
        Account first = new Account("a@example.com");
        first.number = 5;
        accounts.insert(first);
        Account second = new Account("b@example.com");
        second.number = 5;
        assertThatThrownBy(() -> accounts.insert(second)).isInstanceOf(MongoWriteException.class);
        assertThat(second.number).isEqualTo(5);
    }

    /**
     * Switches {@link #keysmith} to a client that counts the {@code insert} commands sent for {@code collection} from
     * now on.
     */
    private AtomicInteger countInsertAttempts(String collection) {
        AtomicInteger inserts = new AtomicInteger();
        CommandListener listener = new CommandListener() {
            @Override
            public void commandStarted(CommandStartedEvent event) {
                if (event.getCommandName().equals("insert")
                        && event.getCommand().getString("insert").getValue().equals(collection)) {
                    inserts.incrementAndGet();
                }
            }
        };
        MongoClient counted = mongo.newClient(settings -> settings.addCommandListener(listener));
        keysmith.close();
        keysmith = Keysmith.create(counted.getDatabase(database.getName()));
        return inserts;
    }
}
