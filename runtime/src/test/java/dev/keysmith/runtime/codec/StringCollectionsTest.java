package dev.keysmith.runtime.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonDocumentReader;
import org.bson.BsonDocumentWriter;
import org.bson.BsonInt32;
import org.bson.BsonNull;
import org.bson.BsonReader;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;

/** The string collections every generated codec writes and reads through the shared helpers. */
class StringCollectionsTest {

    @Test
    void writesStringsAndNullsInOrder() {
        BsonDocument document = new BsonDocument();
        BsonDocumentWriter writer = new BsonDocumentWriter(document);
        writer.writeStartDocument();
        writer.writeName("tags");
        EncodeSupport.writeStrings(writer, Arrays.asList("b", null, "a"));
        writer.writeEndDocument();
        assertThat(document.getArray("tags")).containsExactly(new BsonString("b"), BsonNull.VALUE, new BsonString("a"));
    }

    @Test
    void readsIntoTheGivenCollectionAndGivesItBack() {
        BsonArray stored = new BsonArray(List.of(new BsonString("x"), BsonNull.VALUE, new BsonString("x")));
        ArrayList<String> list = read(stored, reader -> CodecSupport.readStrings(reader, new ArrayList<>(),
                "Film", "tags"));
        assertThat(list).containsExactly("x", null, "x");
        LinkedHashSet<String> set = read(stored, reader -> CodecSupport.readStrings(reader, new LinkedHashSet<>(),
                "Film", "tags"));
        assertThat(set).containsExactly("x", null);
    }

    @Test
    void aBsonNullIsNull() {
        ArrayList<String> none = read(BsonNull.VALUE, reader -> CodecSupport.readStrings(reader, new ArrayList<>(),
                "Film", "tags"));
        assertThat(none).isNull();
    }

    @Test
    void aValueOfAnotherTypeNamesTheField() {
        assertThatThrownBy(() -> read(new BsonString("drama"), reader -> CodecSupport.readStrings(reader,
                new ArrayList<>(), "Film", "tags")))
                .isInstanceOf(EntityDecodingException.class)
                .hasMessageContaining("Film.tags");
        assertThatThrownBy(() -> read(new BsonArray(List.of(new BsonInt32(7))), reader -> CodecSupport
                .readStrings(reader, new ArrayList<>(), "Film", "tags")))
                .isInstanceOf(EntityDecodingException.class)
                .hasMessageContaining("Film.tags");
    }

    private static <T> T read(org.bson.BsonValue value, java.util.function.Function<BsonReader, T> reading) {
        BsonDocumentReader reader = new BsonDocumentReader(new BsonDocument("tags", value));
        reader.readStartDocument();
        reader.readBsonType();
        reader.readName();
        T result = reading.apply(reader);
        reader.readEndDocument();
        return result;
    }
}
