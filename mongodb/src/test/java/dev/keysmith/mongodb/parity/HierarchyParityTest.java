package dev.keysmith.mongodb.parity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import dev.keysmith.mongodb.Repository;
import dev.keysmith.runtime.codec.StoredCodec;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.bson.BsonDocument;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

/**
 * The shapes of {@link Hierarchies} against the driver's PojoCodec: a collection of an abstract
 * {@code @BsonDiscriminator} class holding its subclasses (with keysmith's ids on the base's id), public fields of
 * a subtype of their getter's type, {@code @BsonProperty} switching a class's discriminator on or off, and a
 * discriminated interface as a type argument. Each case compares the bytes, decodes each one's document with the
 * other, and inserts and finds on the server.
 */
class HierarchyParityTest extends ParityTestBase {

    private static final Instant AT = Instant.parse("2026-11-26T10:15:30Z");

    private static <T> String json(Class<T> type, T value) {
        return ParityCheck.json(ParityCheck.encode(ParityCheck.POJO.get(type), value));
    }

    private static Hierarchies.Click click(String button) {
        Hierarchies.Click click = new Hierarchies.Click();
        click.at = AT;
        click.button = button;
        return click;
    }

    private static Hierarchies.PageView view(String page, int seconds) {
        Hierarchies.PageView view = new Hierarchies.PageView();
        view.at = AT.plus(1, ChronoUnit.MINUTES);
        view.page = page;
        view.seconds = seconds;
        return view;
    }

    // A collection of an abstract @BsonDiscriminator class

    @Test
    void abstractDocumentWritesEachSubclassWithItsDiscriminator() {
        Hierarchies.Click click = click("buy");
        click.id = new ObjectId();
        check.assertSame(Hierarchies.Activity.class, click);
        check.assertSame(Hierarchies.Click.class, click);
        assertThat(json(Hierarchies.Activity.class, click)).startsWith("{\"_id\": {\"$oid\": \"" + click.id.toHexString()
                + "\"}, \"_t\": \"" + Hierarchies.Click.class.getName() + "\", \"at\"");
    }

    @Test
    void abstractDocumentReadsASubclassByItsOwnDiscriminatorValue() {
        Hierarchies.PageView view = view("/home", 12);
        view.id = new ObjectId();
        check.assertSame(Hierarchies.Activity.class, view);
        assertThat(json(Hierarchies.Activity.class, view)).contains("\"_t\": \"view\"");
    }

    @Test
    void collectionOfTheAbstractClassAssignsIdsOfTheBaseClassesStrategy() {
        MongoCollection<Hierarchies.Activity> activity = check.keysmith().collection(Hierarchies.Activity.class);
        assertThat(activity.getNamespace().getCollectionName()).isEqualTo("activity");
        Hierarchies.Click click = click("save");
        Hierarchies.PageView view = view("/cart", 3);
        activity.insertMany(List.of(click, view));
        assertThat(click.id).as("the id @GeneratedObjectId assigned on the base's field").isNotNull();
        assertThat(view.id).isNotNull().isNotEqualTo(click.id);

        List<Hierarchies.Activity> found = activity.find().sort(new BsonDocument("at", new org.bson.BsonInt32(1)))
                .into(new ArrayList<>());
        assertThat(found).usingRecursiveFieldByFieldElementComparator().containsExactly(click, view);
        // Each stored document is PojoCodec's: it reads them back as their classes.
        for (BsonDocument stored : activity.withDocumentClass(BsonDocument.class).find()) {
            Hierarchies.Activity theirs = check.decodeWithPojo(Hierarchies.Activity.class,
                    ParityCheck.encode(ParityCheck.POJO.get(BsonDocument.class), stored));
            assertThat(theirs).usingRecursiveComparison().isEqualTo(theirs instanceof Hierarchies.Click ? click : view);
        }
        // A collection of one subclass is the base's collection.
        assertThat(check.keysmith().collection(Hierarchies.Click.class).getNamespace().getCollectionName())
                .isEqualTo("activity");
    }

    @Test
    void repositoryOfTheAbstractClass() {
        Repository<Hierarchies.Activity, ObjectId> repository = check.keysmith().repository(Hierarchies.Activity.class);
        Hierarchies.PageView view = (Hierarchies.PageView) repository.insert(view("/a", 1));
        Hierarchies.Click click = (Hierarchies.Click) repository.insert(click("ok"));
        assertThat(view.id).isNotNull();
        assertThat(repository.findById(view.id)).get().usingRecursiveComparison().isEqualTo(view);
        click.button = "cancel";
        repository.save(click);
        assertThat(repository.findById(click.id)).get().isInstanceOf(Hierarchies.Click.class)
                .usingRecursiveComparison().isEqualTo(click);
        assertThat(repository.deleteById(view.id)).isTrue();
        assertThat(repository.findById(view.id)).isEmpty();
    }

    @Test
    void sequenceOnTheAbstractClassIsOneSequenceForEverySubclass() {
        Repository<Hierarchies.Task, Long> tasks = check.keysmith().repository(Hierarchies.Task.class);
        Hierarchies.Chore chore = new Hierarchies.Chore();
        chore.title = "dishes";
        chore.minutes = 15;
        Hierarchies.Errand errand = new Hierarchies.Errand();
        errand.title = "post";
        errand.place = "office";
        tasks.insert(chore);
        tasks.insert(errand);
        // A subclass's own collection draws from the same sequence.
        Hierarchies.Chore another = new Hierarchies.Chore();
        another.title = "laundry";
        check.keysmith().collection(Hierarchies.Chore.class).insertOne(another);
        assertThat(List.of(chore.id, errand.id, another.id)).containsExactly(1L, 2L, 3L);
        BsonDocument stored = check.keysmith().collection(Hierarchies.Task.class).withDocumentClass(BsonDocument.class)
                .find(Filters.eq("_id", 2L)).first();
        assertThat(stored.toJson()).isEqualTo("{\"_id\": 2, \"kind\": \"" + Hierarchies.Errand.class.getName()
                + "\", \"place\": \"office\", \"title\": \"post\"}");
        assertThat(tasks.findById(3L)).get().usingRecursiveComparison().isEqualTo(another);
    }

    @Test
    void sequenceSubclassHasPojoCodecsBytes() {
        Hierarchies.Chore chore = new Hierarchies.Chore();
        chore.id = 41L;
        chore.title = "iron";
        chore.minutes = 30;
        check.assertSame(Hierarchies.Task.class, chore);
    }

    @Test
    void abstractDocumentWithoutIdHoldsItsSubclasses() {
        Hierarchies.Note note = new Hierarchies.Note();
        note.setAt(AT);
        note.text = "hello";
        check.assertSame(Hierarchies.Entry.class, note);
        assertThat(json(Hierarchies.Entry.class, note)).isEqualTo("{\"type\": \"note\", \"at\": {\"$date\": "
                + "\"2026-11-26T10:15:30Z\"}, \"text\": \"hello\"}");
        Hierarchies.Alarm alarm = new Hierarchies.Alarm();
        alarm.level = 3;
        check.assertSame(Hierarchies.Entry.class, alarm);
    }

    @Test
    void repositoryOfAnAbstractDocumentWithoutIdIsRefusedWithTheFix() {
        assertThat(check.keysmith().collection(Hierarchies.Entry.class).getNamespace().getCollectionName())
                .isEqualTo("journal");
        assertThatThrownBy(() -> check.keysmith().repository(Hierarchies.Entry.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is a @Document without an id property")
                .hasMessageContaining("keysmith.collection(Entry.class)");
    }

    @Test
    void documentWhoseDiscriminatorNamesNoSubclassFailsNamingIt() {
        byte[] bytes = ParityCheck.encode(ParityCheck.POJO.get(BsonDocument.class),
                BsonDocument.parse("{\"_id\": {\"$oid\": \"65f0a1b2c3d4e5f6a7b8c9d0\"}, \"_t\": \"scroll\"}"));
        assertThatThrownBy(() -> check.decodeWithKeysmith(Hierarchies.Activity.class, bytes))
                .hasMessageContaining("Cannot decode Activity._t")
                .hasMessageContaining("the discriminator \"scroll\" names none of the classes [")
                .hasMessageContaining("view");
    }

    @Test
    void abstractDocumentsCodecIsAStoredCodecOfItsCollection() {
        assertThat(check.keysmith().codecRegistry().get(Hierarchies.Entry.class))
                .isInstanceOfSatisfying(StoredCodec.class, codec -> assertThat(codec.collectionName())
                        .isEqualTo("journal"));
    }

    // A public field of a subtype of its getter's type, with no setter

    @Test
    void publicFieldOfASubtypeOfItsGetterIsReadIntoTheField() {
        Hierarchies.Album value = new Hierarchies.Album();
        value.id = new ObjectId();
        value.tracks = new ArrayList<>(List.of("intro", "outro"));
        value.lengths = new HashMap<>(Map.of("intro", 61));
        value.cover = new Discriminated.Circle();
        value.cover.radius = 2.5;
        check.assertSame(Hierarchies.Album.class, value);
    }

    @Test
    void publicFieldOfASubtypeThatTheDriverCannotSetIsReadByKeysmith() {
        Hierarchies.Playlist value = new Hierarchies.Playlist();
        value.id = new ObjectId();
        value.songs = new ArrayList<>(List.of("a", "b"));
        value.plays = new LinkedHashMap<>(Map.of("a", 3));
        value.ratings = new LinkedList<>(List.of(5, 4));
        value.genres = new TreeSet<>(List.of("jazz", "folk"));
        byte[] ours = check.encodeWithKeysmith(Hierarchies.Playlist.class, value);
        byte[] theirs = check.encodeWithPojo(Hierarchies.Playlist.class, value);
        assertThat(ParityCheck.json(ours)).isEqualTo(ParityCheck.json(theirs));
        assertThat(ours).isEqualTo(theirs);
        // The driver reads the collection as an ArrayList (the map as a HashMap) and cannot set it into the
        // TreeSet, LinkedList or LinkedHashMap field; keysmith reads the field's class, from either one's bytes.
        assertThatThrownBy(() -> check.decodeWithPojo(Hierarchies.Playlist.class, ours))
                .hasMessageContaining("Unable to set value for property");
        assertThat(check.decodeWithKeysmith(Hierarchies.Playlist.class, theirs)).usingRecursiveComparison()
                .isEqualTo(value);
        check.assertStored(Hierarchies.Playlist.class, value);
    }

    // @BsonProperty switching the discriminator

    @Test
    void useDiscriminatorOnAClassWithoutOneWritesItsClassName() {
        Hierarchies.Trip value = new Hierarchies.Trip();
        value.id = new ObjectId();
        value.start = new Hierarchies.Place();
        value.start.name = "Lyon";
        value.start.lat = 45.76;
        value.finish = new Hierarchies.Place();
        value.finish.name = "Nice";
        value.via = new Hierarchies.Place();
        value.via.name = "Avignon";
        value.stop = new Hierarchies.Stop();
        value.stop.id = 7;
        value.stop.name = "Valence";
        check.assertSame(Hierarchies.Trip.class, value);
        String place = Hierarchies.Place.class.getName();
        assertThat(json(Hierarchies.Trip.class, value)).contains(
                "\"end\": {\"_t\": \"" + place + "\", \"lat\": 0.0, \"name\": \"Nice\"}",
                "\"start\": {\"_t\": \"" + place + "\"",
                "\"stop\": {\"_id\": 7, \"_t\": \"" + Hierarchies.Stop.class.getName() + "\", \"name\": \"Valence\"}",
                "\"via\": {\"lat\": 0.0, \"name\": \"Avignon\"}");
    }

    @Test
    void useDiscriminatorOnARecordWritesNone() {
        Hierarchies.Pin value = new Hierarchies.Pin();
        value.id = new ObjectId();
        value.point = new Hierarchies.Point(1, 2);
        check.assertSame(Hierarchies.Pin.class, value);
        assertThat(json(Hierarchies.Pin.class, value)).endsWith("\"point\": {\"x\": 1.0, \"y\": 2.0}}");
    }

    @Test
    void useDiscriminatorWithNullValues() {
        Hierarchies.Trip value = new Hierarchies.Trip();
        value.id = new ObjectId();
        check.assertSame(Hierarchies.Trip.class, value);
    }

    @Test
    void discriminatedClassUnderAPlainBsonPropertyIsWrittenWithoutItsDiscriminator() {
        Hierarchies.Adoption value = new Hierarchies.Adoption();
        value.id = new ObjectId();
        value.pet = new Hierarchies.Pet();
        value.pet.name = "Rex";
        value.pet.age = 4;
        value.other = new Hierarchies.Pet();
        value.other.name = "Tom";
        check.assertSame(Hierarchies.Adoption.class, value);
        assertThat(json(Hierarchies.Adoption.class, value)).contains("\"animal\": {\"age\": 4, \"name\": \"Rex\"}",
                "\"other\": {\"_t\": \"pet\", \"age\": 0, \"name\": \"Tom\"}");
    }

    @Test
    void discriminatorIsNoExtraElement() {
        Hierarchies.Shelf value = new Hierarchies.Shelf();
        value.id = new ObjectId();
        value.item = new Hierarchies.Labelled();
        value.item.name = "jar";
        check.assertSame(Hierarchies.Shelf.class, value);
        Hierarchies.Shelf withExtra = check.decodeWithKeysmith(Hierarchies.Shelf.class, ParityCheck.encode(
                ParityCheck.POJO.get(BsonDocument.class), BsonDocument.parse("{\"_id\": {\"$oid\": \""
                        + value.id.toHexString() + "\"}, \"item\": {\"_t\": \"labelled\", \"name\": \"jar\", "
                        + "\"shelf\": 3}}")));
        assertThat(withExtra.item.rest).isEqualTo(new org.bson.Document("shelf", 3));
    }

    // A discriminated interface as a type argument

    @Test
    void discriminatedInterfaceAsATypeArgument() {
        Hierarchies.Canvas value = new Hierarchies.Canvas();
        value.id = new ObjectId();
        Discriminated.Circle circle = new Discriminated.Circle();
        circle.radius = 1.5;
        Discriminated.Square square = new Discriminated.Square();
        square.side = 2;
        square.color = "blue";
        value.bounds = new Generics.Range<>(circle, square);
        value.labelled = new Generics.Pair<>(square, "corner");
        value.layers = new Generics.Range<>(new ArrayList<>(List.of(circle, square)), new ArrayList<>());
        check.assertSame(Hierarchies.Canvas.class, value);
        assertThat(json(Hierarchies.Canvas.class, value)).contains("\"min\": {\"_t\": \""
                + Discriminated.Circle.class.getName() + "\", \"radius\": 1.5}");
    }

    @Test
    void discriminatedTypeArgumentWithANullValue() {
        Hierarchies.Canvas value = new Hierarchies.Canvas();
        value.id = new ObjectId();
        Discriminated.Circle circle = new Discriminated.Circle();
        value.bounds = new Generics.Range<>(circle, null);
        check.assertSame(Hierarchies.Canvas.class, value);
    }
}
