package dev.keysmith.mongodb.parity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keysmith.runtime.codec.EntityDecodingException;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.configuration.CodecConfigurationException;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

/**
 * The shapes of {@link DriverShapes}: the same bytes as PojoCodec, each reads the other's documents, and insert then
 * find works; and where both must fail, both fail naming the property.
 */
class DriverShapesParityTest extends ParityTestBase {

    private static final ObjectId ID = new ObjectId("65f0a1b2c3d4e5f601234567");

    @Test
    void aSuperclassCreatorReturningTheSuperclass() {
        check.assertSame(DriverShapes.SeasonCoupon.class,
                (DriverShapes.SeasonCoupon) DriverShapes.Coupon.of("SPRING", 15));
        assertThat(json(DriverShapes.SeasonCoupon.class, (DriverShapes.SeasonCoupon) DriverShapes.Coupon.of("S", 5)))
                .isEqualTo("{\"_id\": \"S\", \"percent\": 5}");
    }

    @Test
    void theSameAnnotationsOnAFieldAndItsAccessors() {
        DriverShapes.Lantern lantern = new DriverShapes.Lantern();
        lantern.setId(ID);
        lantern.setColor("amber");
        lantern.setWatts(40);
        DriverShapes.Lantern read = new DriverShapes.Lantern();
        read.setId(ID);
        read.setColor("amber");
        read.setWatts(40);
        lantern.setCache("never stored");
        check.assertSame(DriverShapes.Lantern.class, lantern, read);
        assertThat(json(DriverShapes.Lantern.class, lantern)).isEqualTo(
                "{\"_id\": {\"$oid\": \"" + ID.toHexString() + "\"}, \"c\": \"amber\", \"watts\": 40}");
    }

    @Test
    void anInterfaceWithADiscriminatorAndAWildcardListOfIt() {
        DriverShapes.Band band = new DriverShapes.Band();
        band.setId(ID);
        DriverShapes.Piano piano = new DriverShapes.Piano();
        piano.setKeys(88);
        DriverShapes.Drum drum = new DriverShapes.Drum();
        drum.setSize(14.5);
        band.setLead(piano);
        band.setSection(List.of(drum, piano));
        check.assertSame(DriverShapes.Band.class, band);
        assertThat(json(DriverShapes.Band.class, band)).contains("\"lead\": {\"_t\": \""
                + DriverShapes.Piano.class.getName() + "\", \"keys\": 88}").contains("{\"_t\": \"drum\", \"size\": 14.5}");
    }

    @Test
    void anInterfaceSwitchedOnByUseDiscriminator() {
        DriverShapes.Checkout checkout = new DriverShapes.Checkout();
        checkout.setId(ID);
        DriverShapes.Visa visa = new DriverShapes.Visa();
        visa.setHolder("Ada");
        visa.setLast4("4242");
        checkout.setPayment(visa);
        check.assertSame(DriverShapes.Checkout.class, checkout);
        assertThat(json(DriverShapes.Checkout.class, checkout)).contains("\"payment\": {\"_t\": \""
                + DriverShapes.Visa.class.getName() + "\", \"holder\": \"Ada\", \"last4\": \"4242\"}");
    }

    @Test
    void aGenericClassSwitchedOnByUseDiscriminator() {
        DriverShapes.Shelf shelf = new DriverShapes.Shelf();
        shelf.setId(ID);
        DriverShapes.Slot<String> slot = new DriverShapes.Slot<>();
        slot.setValue("jam");
        shelf.setSlot(slot);
        check.assertSame(DriverShapes.Shelf.class, shelf);
        assertThat(json(DriverShapes.Shelf.class, shelf)).contains("\"slot\": {\"_t\": \""
                + DriverShapes.Slot.class.getName() + "\", \"value\": \"jam\"}");
    }

    @Test
    void aBsonIdCreatorParameterWithTheIdOnTheGetter() {
        DriverShapes.Voucher voucher = new DriverShapes.Voucher("V-7");
        voucher.setNote("gift");
        check.assertSame(DriverShapes.Voucher.class, voucher);
    }

    @Test
    void aDocumentWithoutACreatorParameterIsReadAsPojoCodecReadsIt() {
        DriverShapes.Receipt receipt = new DriverShapes.Receipt(ID, "corner", 250);
        check.assertSame(DriverShapes.Receipt.class, receipt);
        String id = "{\"_id\": {\"$oid\": \"" + ID.toHexString() + "\"}";
        byte[] withoutShop = bytes(id + ", \"cents\": 250}");
        assertThat(check.decodeWithKeysmith(DriverShapes.Receipt.class, withoutShop)).usingRecursiveComparison()
                .isEqualTo(check.decodeWithPojo(DriverShapes.Receipt.class, withoutShop))
                .isEqualTo(new DriverShapes.Receipt(ID, null, 250));
        byte[] withoutCents = bytes(id + "}");
        assertThatThrownBy(() -> check.decodeWithPojo(DriverShapes.Receipt.class, withoutCents))
                .isInstanceOf(CodecConfigurationException.class).hasMessageContaining("[shop, cents]");
        assertThatThrownBy(() -> check.decodeWithKeysmith(DriverShapes.Receipt.class, withoutCents))
                .isInstanceOf(EntityDecodingException.class).hasMessageContaining("Receipt.cents")
                .hasMessageContaining("no 'shop', 'cents'");
    }

    private static byte[] bytes(String json) {
        return ParityCheck.encode(new BsonDocumentCodec(), BsonDocument.parse(json));
    }

    private <T> String json(Class<T> type, T value) {
        return ParityCheck.json(check.encodeWithKeysmith(type, value));
    }
}
