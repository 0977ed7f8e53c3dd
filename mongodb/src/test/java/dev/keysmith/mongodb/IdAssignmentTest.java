package dev.keysmith.mongodb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keysmith.mongodb.model.Badge;
import dev.keysmith.mongodb.model.Coupon;
import dev.keysmith.mongodb.model.Customer;
import dev.keysmith.mongodb.model.Invoice;
import dev.keysmith.mongodb.model.Member;
import dev.keysmith.mongodb.model.Profile;
import dev.keysmith.mongodb.model.Ticket;
import java.math.BigDecimal;
import java.util.List;
import java.util.UUID;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

/** Each strategy assigns ids through Repository.insert, insertAll and a plain MongoCollection.insertOne. */
class IdAssignmentTest extends MongoTestBase {

    @Test
    void objectIdOnAStringField() {
        Repository<Profile, String> profiles = keysmith.repository(Profile.class);
        Profile one = profiles.insert(new Profile());
        List<Profile> more = profiles.insertAll(List.of(new Profile(), new Profile()));
        Profile plain = new Profile();
        keysmith.collection(Profile.class).insertOne(plain);

        assertThat(List.of(one.id, more.get(0).id, more.get(1).id, plain.id)).doesNotHaveDuplicates()
                .allMatch(id -> id.matches("[0-9a-f]{24}"));
        assertThat(raw("profiles")).extracting(document -> document.get("_id").getBsonType())
                .containsOnly(BsonType.OBJECT_ID).hasSize(4);
    }

    @Test
    void objectIdOnAnObjectIdRecordComponent() {
        Repository<Badge, ObjectId> badges = keysmith.repository(Badge.class);
        Badge one = badges.insert(new Badge(null, "gold"));
        List<Badge> more = badges.insertAll(List.of(new Badge(null, "silver")));
        keysmith.collection(Badge.class).insertOne(new Badge(null, "bronze"));

        assertThat(one.id()).isNotNull();
        assertThat(more.get(0).id()).isNotNull().isNotEqualTo(one.id());
        assertThat(badges.findAll()).extracting(Badge::id).doesNotContainNull().hasSize(3);
        assertThat(badges.findById(one.id())).contains(one);
    }

    @Test
    void sequenceOnALongClassField() {
        Repository<Customer, Long> customers = keysmith.repository(Customer.class);
        Customer one = customers.insert(new Customer());
        List<Customer> more = customers.insertAll(List.of(new Customer(), new Customer()));
        Customer plain = new Customer();
        keysmith.collection(Customer.class).insertOne(plain);

        assertThat(List.of(one.getId(), more.get(0).getId(), more.get(1).getId(), plain.getId()))
                .containsExactly(1L, 2L, 3L, 4L);
    }

    @Test
    void sequenceOnARecordReturnsNewInstances() {
        Repository<Invoice, Long> invoices = keysmith.repository(Invoice.class);
        Invoice draft = new Invoice(null, BigDecimal.ONE, null, null, null);
        Invoice one = invoices.insert(draft);
        List<Invoice> more = invoices.insertAll(List.of(draft, draft));
        keysmith.collection(Invoice.class).insertOne(draft);

        assertThat(draft.number()).isNull();
        assertThat(one.number()).isEqualTo(1L);
        assertThat(more).extracting(Invoice::number).containsExactly(2L, 3L);
        assertThat(invoices.findAll()).extracting(Invoice::number).containsExactlyInAnyOrder(1L, 2L, 3L, 4L);
    }

    @Test
    void uuidOnAnImmutableClassAndOnAStringRecordComponent() {
        Repository<Ticket, UUID> tickets = keysmith.repository(Ticket.class);
        Ticket one = tickets.insert(new Ticket(null, "a", 1));
        List<Ticket> more = tickets.insertAll(List.of(new Ticket(null, "b", 2)));
        keysmith.collection(Ticket.class).insertOne(new Ticket(null, "c", 3));
        assertThat(one.getId()).isNotNull();
        assertThat(more.get(0).getId()).isNotNull();
        assertThat(more.get(0).getId()).isGreaterThan(one.getId());
        assertThat(tickets.findAll()).extracting(Ticket::getId).doesNotContainNull().hasSize(3);

        Repository<Coupon, String> coupons = keysmith.repository(Coupon.class);
        Coupon coupon = coupons.insert(new Coupon(null, 10));
        coupons.insertAll(List.of(new Coupon(null, 20)));
        keysmith.collection(Coupon.class).insertOne(new Coupon(null, 30));
        assertThat(UUID.fromString(coupon.code()).version()).isEqualTo(4);
        assertThat(coupons.findById(coupon.code())).contains(coupon);
        List<BsonDocument> raw = raw("coupon");
        assertThat(raw).hasSize(3).allSatisfy(document -> assertThat(document.get("_id").asBinary().getType())
                .isEqualTo(BsonBinarySubType.UUID_STANDARD.getValue()));
    }

    @Test
    void randomIdOnALongField() {
        Repository<Member, Long> members = keysmith.repository(Member.class);
        Member one = members.insert(new Member("a"));
        List<Member> more = members.insertAll(List.of(new Member("b"), new Member("c")));
        Member plain = new Member("d");
        keysmith.collection(Member.class).insertOne(plain);

        assertThat(List.of(one.id, more.get(0).id, more.get(1).id, plain.id)).doesNotHaveDuplicates()
                .allMatch(id -> id >= 100_000_000_000L && id <= 999_999_999_999L);
        assertThat(members.findById(plain.id)).get().extracting(member -> member.name).isEqualTo("d");
        assertThat(raw("member")).extracting(document -> document.get("_id").getBsonType())
                .containsOnly(BsonType.INT64).hasSize(4);
    }

    @Test
    void anIdAlreadySetIsKept() {
        Customer customer = new Customer();
        customer.setId(500L);
        keysmith.<Customer, Long>repository(Customer.class).insert(customer);
        assertThat(customer.getId()).isEqualTo(500L);
        Invoice invoice = keysmith.<Invoice, Long>repository(Invoice.class)
                .insert(new Invoice(77L, null, null, null, null));
        assertThat(invoice.number()).isEqualTo(77L);
        assertThat(raw("customers").get(0).getInt64("_id").getValue()).isEqualTo(500L);
    }
}
