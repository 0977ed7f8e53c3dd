package dev.keysmith.mongodb;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keysmith.mongodb.model.Customer;
import dev.keysmith.mongodb.model.Invoice;
import dev.keysmith.mongodb.model.Profile;
import dev.keysmith.runtime.codec.EntityDecodingException;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/** A stored document of the wrong shape gives an exception naming the entity, the field and what was found. */
class DecodingErrorsTest extends MongoTestBase {

    private void store(String collection, String json) {
        database.getCollection(collection, BsonDocument.class).insertOne(BsonDocument.parse(json));
    }

    @Test
    void aStringWhereANumberBelongs() {
        store("customers", "{_id: {$numberLong: '1'}, visits: 'many'}");
        assertThatThrownBy(() -> keysmith.collection(Customer.class).find().first())
                .isInstanceOfSatisfying(EntityDecodingException.class, e -> {
                    org.assertj.core.api.Assertions.assertThat(e.entity()).isEqualTo("Customer");
                    org.assertj.core.api.Assertions.assertThat(e.field()).isEqualTo("visits");
                })
                .hasMessage("Cannot decode Customer.visits of the document with _id 1: expected a number but found "
                        + "STRING");
    }

    @Test
    void anErrorInsideEmbeddedDocumentsNamesThePathFromTheEntityAndTheId() {
        store("profiles", "{_id: {$oid: '65f0a0a0a0a0a0a0a0a0a0a0'}, home: {street: 'Main', geo: {latitude: 'north'}}}");
        assertThatThrownBy(() -> keysmith.collection(Profile.class).find().first())
                .isInstanceOfSatisfying(EntityDecodingException.class, e -> {
                    org.assertj.core.api.Assertions.assertThat(e.entity()).isEqualTo("Profile");
                    org.assertj.core.api.Assertions.assertThat(e.field()).isEqualTo("home.geo.latitude");
                    org.assertj.core.api.Assertions.assertThat(e.documentId()).isEqualTo("65f0a0a0a0a0a0a0a0a0a0a0");
                })
                .hasMessage("Cannot decode Profile.home.geo.latitude of the document with _id 65f0a0a0a0a0a0a0a0a0a0a0: "
                        + "expected a number but found STRING");
    }

    @Test
    void aMissingFieldThatARecordNeeds() {
        store("invoices", "{_id: {$numberLong: '1'}, lines: [{sku: 'A-1', price: {$numberDecimal: '1.5'}}]}");
        assertThatThrownBy(() -> keysmith.collection(Invoice.class).find().first())
                .isInstanceOf(EntityDecodingException.class)
                .hasMessageContaining("Invoice.lines.quantity")
                .hasMessageContaining("has no 'quantity'");
    }

    @Test
    void aDocumentWhereAStringBelongsInsideAList() {
        store("profiles", "{_id: {$oid: '65f0a0a0a0a0a0a0a0a0a0a0'}, tags: ['ok', {nested: true}]}");
        assertThatThrownBy(() -> keysmith.collection(Profile.class).find().first())
                .isInstanceOf(EntityDecodingException.class)
                .hasMessage("Cannot decode Profile.tags of the document with _id 65f0a0a0a0a0a0a0a0a0a0a0: expected a "
                        + "BSON STRING but found DOCUMENT");
    }

    @Test
    void anUnknownEnumConstant() {
        store("customers", "{_id: {$numberLong: '1'}, status: 'DELETED'}");
        assertThatThrownBy(() -> keysmith.collection(Customer.class).find().first())
                .isInstanceOf(EntityDecodingException.class)
                .hasMessage("Cannot decode Customer.status of the document with _id 1: \"DELETED\" is not a constant "
                        + "of Status");
    }

    @Test
    void aStringWhereAnEmbeddedDocumentBelongs() {
        store("profiles", "{_id: {$oid: '65f0a0a0a0a0a0a0a0a0a0a0'}, home: 'downtown'}");
        assertThatThrownBy(() -> keysmith.collection(Profile.class).find().first())
                .isInstanceOf(EntityDecodingException.class)
                .hasMessageStartingWith("Cannot decode Profile.home of the document with _id 65f0a0a0a0a0a0a0a0a0a0a0: "
                        + "the STRING value does not decode");
    }
}
