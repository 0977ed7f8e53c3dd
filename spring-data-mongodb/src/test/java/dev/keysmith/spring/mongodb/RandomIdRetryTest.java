package dev.keysmith.spring.mongodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keysmith.runtime.RandomIdExhaustedException;
import dev.keysmith.spring.mongodb.app.Account;
import dev.keysmith.spring.mongodb.app.Accounts;
import dev.keysmith.spring.mongodb.app.TestApplication;
import dev.keysmith.spring.mongodb.app.Ticket;
import dev.keysmith.spring.mongodb.app.Voucher;
import dev.keysmith.spring.mongodb.app.Vouchers;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.mongodb.core.FindAndModifyOptions;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;

/** {@code @RandomId}: an insert that draws a taken id is retried; other collisions are not. */
class RandomIdRetryTest extends SpringMongoTestBase {

    @Test
    void repositorySavesOfARecordRetryUntilEveryIdOfTheSpaceIsTaken() {
        Vouchers vouchers = start(TestApplication.class).getBean(Vouchers.class);

        List<Long> codes = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            codes.add(vouchers.save(new Voucher(null, "v" + i)).code());
        }

        assertThat(codes).containsExactlyInAnyOrderElementsOf(LongStream.rangeClosed(1, 9).boxed().toList());
        assertThat(vouchers.count()).isEqualTo(9);
    }

    @Test
    void templateInsertSaveAndBatchOfAMutableEntityRetryThenFailNamingTheCollection() {
        MongoTemplate template = start(TestApplication.class).getBean(MongoTemplate.class);
        List<Long> ids = new ArrayList<>();
        ids.add(template.insert(new Ticket()).getId());
        ids.add(template.save(new Ticket()).getId());
        template.insert(List.of(new Ticket(), new Ticket()), Ticket.class).forEach(t -> ids.add(t.getId()));
        template.insertAll(List.of(new Ticket(), new Ticket())).forEach(t -> ids.add(t.getId()));
        assertThat(ids).doesNotHaveDuplicates().allSatisfy(id -> assertThat(id).isBetween(1L, 9L));

        // take all but one id behind the application's back: the next insert collides until it draws the last one
        long free = LongStream.rangeClosed(1, 9).filter(id -> !ids.contains(id)).findFirst().orElseThrow();
        LongStream.rangeClosed(1, 9).filter(id -> id != free && !ids.contains(id))
                .forEach(id -> template.getCollection("tickets").insertOne(new Document("_id", id)));
        assertThat(template.insert(new Ticket()).getId()).isEqualTo(free);

        Ticket last = new Ticket();
        assertThatThrownBy(() -> template.save(last))
                .isInstanceOf(RandomIdExhaustedException.class)
                .hasMessageContaining("'tickets'")
                .hasMessageContaining("200 attempts");
        assertThat(template.getCollection("tickets").countDocuments()).isEqualTo(9);
    }

    @Test
    void anUpsertThatInsertsRetriesCollisionsOfItsDrawnIdThenFailsNamingTheCollection() {
        MongoTemplate template = start(TestApplication.class).getBean(MongoTemplate.class);
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            ids.add(template.upsert(Query.query(Criteria.where("label").is("t" + i)), Update.update("label", "t" + i),
                    Ticket.class).getUpsertedId().asInt64().getValue());
        }
        assertThat(ids).containsExactlyInAnyOrderElementsOf(LongStream.rangeClosed(1, 9).boxed().toList());

        assertThatThrownBy(() -> template.upsert(Query.query(Criteria.where("label").is("t9")),
                Update.update("label", "t9"), Ticket.class))
                .isInstanceOf(RandomIdExhaustedException.class)
                .hasMessageContaining("'tickets'")
                .hasMessageContaining("200 attempts");
        assertThat(template.getCollection("tickets").countDocuments()).isEqualTo(9);
    }

    @Test
    void aFindAndModifyUpsertRetriesCollisionsOfItsDrawnIdWhichTheServerReportsAsAFailedCommand() {
        MongoTemplate template = start(TestApplication.class).getBean(MongoTemplate.class);
        // all ids but 1 taken behind the application's back: the upsert collides until it draws 1
        LongStream.rangeClosed(2, 9).forEach(id -> template.getCollection("tickets").insertOne(new Document("_id", id)));

        Ticket drawn = template.findAndModify(Query.query(Criteria.where("label").is("a")), Update.update("label", "a"),
                FindAndModifyOptions.options().upsert(true).returnNew(true), Ticket.class);

        assertThat(drawn.getId()).isEqualTo(1L);
        assertThatThrownBy(() -> template.findAndModify(Query.query(Criteria.where("label").is("b")),
                Update.update("label", "b"), FindAndModifyOptions.options().upsert(true), Ticket.class))
                .isInstanceOf(RandomIdExhaustedException.class)
                .hasMessageContaining("'tickets'")
                .hasMessageContaining("200 attempts");
        assertThat(template.getCollection("tickets").countDocuments()).isEqualTo(9);
    }

    @Test
    void aCollisionOnAnotherUniqueIndexIsThrownAsItIs() {
        ConfigurableApplicationContext context = start(TestApplication.class);
        context.getBean(MongoTemplate.class).indexOps(Account.class)
                .ensureIndex(new Index().on("email", org.springframework.data.domain.Sort.Direction.ASC).unique());
        Accounts accounts = context.getBean(Accounts.class);
        accounts.save(new Account("ada@example.com"));

        assertThatThrownBy(() -> accounts.save(new Account("ada@example.com")))
                .isInstanceOf(DuplicateKeyException.class)
                .hasMessageContaining("email");
        assertThat(accounts.count()).isEqualTo(1);
    }
}
