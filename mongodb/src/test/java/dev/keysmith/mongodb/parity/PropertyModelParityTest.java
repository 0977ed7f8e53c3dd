package dev.keysmith.mongodb.parity;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

/**
 * The property model against the driver's PojoCodec: properties from getters, setters and fields merged by name,
 * the driver's rules for transient, static, final, read-only and ignored properties, ids, creators,
 * discriminators, generic and custom containers, extra elements, and classes without an id. Each case compares
 * the bytes, decodes each one's document with the other, and inserts and finds on the server.
 */
class PropertyModelParityTest extends ParityTestBase {

    private static String json(Class<?> type, Object value) {
        return ParityCheck.json(ParityCheck.encode(ParityCheck.POJO.get(cast(type)), value));
    }

    @SuppressWarnings("unchecked")
    private static <T> Class<T> cast(Class<?> type) {
        return (Class<T>) type;
    }

    /** The bytes of a document given in extended JSON. */
    private static byte[] bytes(String json) {
        return ParityCheck.encode(ParityCheck.POJO.get(BsonDocument.class), BsonDocument.parse(json));
    }

    private static <T> T decodePojo(Class<T> type, String json) {
        return ParityCheck.decode(ParityCheck.POJO.get(type), bytes(json));
    }

    // Accessors

    @Test
    void fieldNamedOtherThanItsAccessors() {
        Accessors.PrefixedField value = new Accessors.PrefixedField();
        value.setId(new ObjectId());
        value.setTitle("Dune");
        value.setPages(412);
        check.assertSame(Accessors.PrefixedField.class, value);
        assertThat(json(Accessors.PrefixedField.class, value)).contains("\"pages\": 412", "\"title\": \"Dune\"")
                .doesNotContain("mTitle");
    }

    @Test
    void fieldNamedOtherThanItsAccessorsWithNulls() {
        Accessors.PrefixedField value = new Accessors.PrefixedField();
        value.setId(new ObjectId());
        check.assertSame(Accessors.PrefixedField.class, value);
    }

    @Test
    void getterOfAnotherTypeThanTheField() {
        Accessors.EncodedNote value = new Accessors.EncodedNote();
        value.id = new ObjectId();
        check.assertSame(Accessors.EncodedNote.class, value);
        assertThat(json(Accessors.EncodedNote.class, value)).contains("\"text\": \"hi\"");
    }

    @Test
    void accessorsOfAGenericInterface() {
        Accessors.Parcel value = new Accessors.Parcel();
        value.id = new ObjectId();
        value.setLabel("fragile");
        value.weight = 2.5;
        check.assertSame(Accessors.Parcel.class, value);
    }

    @Test
    void defaultGetterOfAnInterface() {
        Accessors.Ticket value = new Accessors.Ticket();
        value.id = new ObjectId();
        value.prefix = "T";
        check.assertSame(Accessors.Ticket.class, value);
        assertThat(json(Accessors.Ticket.class, value)).contains("\"code\": \"T-7\"");
    }

    @Test
    void getterOverriddenWithANarrowerType() {
        Accessors.Count value = new Accessors.Count();
        value.id = new ObjectId();
        value.setAmount(12);
        check.assertSame(Accessors.Count.class, value);
        assertThat(json(Accessors.Count.class, value)).contains("\"amount\": 12");
    }

    @Test
    void setterOfAWiderType() {
        Accessors.Basket value = new Accessors.Basket();
        value.id = new ObjectId();
        value.setItems(List.of("apple", "pear"));
        check.assertSame(Accessors.Basket.class, value);
    }

    @Test
    void transientFieldBehindAccessorsIsNotStored() {
        Accessors.Session value = new Accessors.Session();
        value.id = new ObjectId();
        value.user = "ada";
        value.setToken("secret");
        Accessors.Session expected = new Accessors.Session();
        expected.id = value.id;
        expected.user = "ada";
        check.assertSame(Accessors.Session.class, value, expected);
        assertThat(json(Accessors.Session.class, value)).doesNotContain("token");
    }

    @Test
    void staticFieldAndStaticGettersAreNotStored() {
        Accessors.Counter value = new Accessors.Counter();
        value.id = new ObjectId();
        value.name = "visits";
        check.assertSame(Accessors.Counter.class, value);
        assertThat(json(Accessors.Counter.class, value)).doesNotContain("created", "kind");
    }

    @Test
    void finalFieldWithGetterIsWrittenNotRead() {
        Accessors.Stamp value = new Accessors.Stamp();
        value.id = new ObjectId();
        value.label = "batch 4";
        check.assertSame(Accessors.Stamp.class, value);
        assertThat(json(Accessors.Stamp.class, value)).contains("\"origin\": \"factory\"");
        Accessors.Stamp read = check.decodeWithKeysmith(Accessors.Stamp.class,
                bytes("{origin: 'elsewhere', label: 'x'}"));
        assertThat(read.getOrigin()).isEqualTo("factory");
        assertThat(read.label).isEqualTo("x");
    }

    @Test
    void setterOfAFinalFieldIsNeverCalled() {
        Accessors.Locked value = new Accessors.Locked();
        value.id = new ObjectId();
        check.assertSame(Accessors.Locked.class, value);
        Accessors.Locked read = check.decodeWithKeysmith(Accessors.Locked.class, bytes("{code: 'changed'}"));
        assertThat(read.getCode()).isEqualTo("fixed");
    }

    @Test
    void computedGetterIsWrittenNotRead() {
        Accessors.Rectangle value = new Accessors.Rectangle();
        value.id = new ObjectId();
        value.width = 3;
        value.height = 4;
        check.assertSame(Accessors.Rectangle.class, value);
        assertThat(json(Accessors.Rectangle.class, value)).contains("\"area\": 12");
    }

    @Test
    void isAndGetGettersOfBooleans() {
        Accessors.Flags value = new Accessors.Flags();
        value.setId(new ObjectId());
        value.setOpen(true);
        value.setArchived(Boolean.FALSE);
        value.setPinned(Boolean.TRUE);
        check.assertSame(Accessors.Flags.class, value);
    }

    @Test
    void getterWinsOverAPublicField() {
        Accessors.Greeting value = new Accessors.Greeting();
        value.id = new ObjectId();
        Accessors.Greeting expected = new Accessors.Greeting();
        expected.id = value.id;
        expected.name = "anonymous";
        check.assertSame(Accessors.Greeting.class, value, expected);
        assertThat(json(Accessors.Greeting.class, value)).contains("\"name\": \"anonymous\"");
    }

    @Test
    void privateFieldWithoutAccessorIsNotStored() {
        Accessors.Hidden value = new Accessors.Hidden();
        value.id = new ObjectId();
        value.shown = "yes";
        value.secret("changed");
        Accessors.Hidden expected = new Accessors.Hidden();
        expected.id = value.id;
        expected.shown = "yes";
        check.assertSame(Accessors.Hidden.class, value, expected);
        assertThat(json(Accessors.Hidden.class, value)).doesNotContain("secret");
    }

    @Test
    void superclassAccessorsAndAHidingField() {
        Accessors.Employee value = new Accessors.Employee();
        value.id = new ObjectId();
        value.setName("Grace");
        value.nickname = "amazing";
        value.setLevel(7);
        check.assertSame(Accessors.Employee.class, value);
    }

    @Test
    void bsonIgnoreOnTheGetterOnly() {
        Accessors.Draft value = new Accessors.Draft();
        value.id = new ObjectId();
        value.setText("body");
        value.setPreview("bo");
        Accessors.Draft expected = new Accessors.Draft();
        expected.id = value.id;
        expected.setText("body");
        check.assertSame(Accessors.Draft.class, value, expected);
        Accessors.Draft read = check.decodeWithKeysmith(Accessors.Draft.class, bytes("{text: 't', preview: 'p'}"));
        assertThat(read.getPreview()).isEqualTo("p");
        assertThat(decodePojo(Accessors.Draft.class, "{text: 't', preview: 'p'}").getPreview()).isEqualTo("p");
    }

    @Test
    void bsonIgnoreOnTheSetterOnly() {
        Accessors.Published value = new Accessors.Published();
        value.id = new ObjectId();
        value.setTitle("News");
        value.setSlug("news");
        Accessors.Published expected = new Accessors.Published();
        expected.id = value.id;
        expected.setTitle("News");
        check.assertSame(Accessors.Published.class, value, expected);
        assertThat(json(Accessors.Published.class, value)).contains("\"slug\": \"news\"");
    }

    @Test
    void bsonIgnoreOnTheField() {
        Accessors.Cached value = new Accessors.Cached();
        value.id = new ObjectId();
        value.key = "k";
        value.setValue("v");
        Accessors.Cached expected = new Accessors.Cached();
        expected.id = value.id;
        expected.key = "k";
        check.assertSame(Accessors.Cached.class, value, expected);
    }

    @Test
    void bsonPropertyOnTheFieldOfAnAccessorPair() {
        Accessors.Renamed value = new Accessors.Renamed();
        value.id = new ObjectId();
        value.setFullName("Ada Lovelace");
        check.assertSame(Accessors.Renamed.class, value);
        assertThat(json(Accessors.Renamed.class, value)).contains("\"full_name\"");
    }

    @Test
    void bsonPropertyOnBothAccessors() {
        Accessors.RenamedAccessors value = new Accessors.RenamedAccessors();
        value.id = new ObjectId();
        value.setStock(9);
        check.assertSame(Accessors.RenamedAccessors.class, value);
        assertThat(json(Accessors.RenamedAccessors.class, value)).contains("\"qty\": 9");
    }

    @Test
    void bsonPropertyIdOnAFieldNamedIdIsNotTheDocumentsId() {
        Accessors.ExternalId value = new Accessors.ExternalId();
        value.id = 77;
        value.source = "crm";
        check.assertSame(Accessors.ExternalId.class, value);
        assertThat(json(Accessors.ExternalId.class, value)).isEqualTo("{\"id\": 77, \"source\": \"crm\"}");
        Accessors.ExternalId read = check.decodeWithKeysmith(Accessors.ExternalId.class,
                bytes("{_id: {$oid: '65f0a1b2c3d4e5f601234567'}, id: 78, source: 'erp'}"));
        assertThat(read.id).isEqualTo(78);
    }

    @Test
    void bsonPropertyOnAFieldNamedIdRenamesIt() {
        Accessors.Keyed value = new Accessors.Keyed();
        value.id = "k-1";
        value.rank = 2;
        check.assertSame(Accessors.Keyed.class, value);
        assertThat(json(Accessors.Keyed.class, value)).contains("\"key\": \"k-1\"").doesNotContain("_id");
    }

    @Test
    void bsonIdOnTheGetterOfAFinalFieldSetByTheCreator() {
        Accessors.Account value = new Accessors.Account("DE-42");
        value.setOwner("Ada");
        check.assertSame(Accessors.Account.class, value);
        assertThat(json(Accessors.Account.class, value)).startsWith("{\"_id\": \"DE-42\"");
    }

    @Test
    void capitalsAfterTheGetterPrefix() {
        Accessors.Link value = new Accessors.Link();
        value.id = new ObjectId();
        value.setURL("https://example.org");
        check.assertSame(Accessors.Link.class, value);
        assertThat(json(Accessors.Link.class, value)).contains("\"uRL\"");
    }

    @Test
    void genericSuperclassAccessors() {
        Accessors.NumberBox value = new Accessors.NumberBox();
        value.id = new ObjectId();
        value.setContent(5L);
        value.setHistory(new ArrayList<>(List.of(1L, 2L)));
        check.assertSame(Accessors.NumberBox.class, value);
    }

    @Test
    void containersAndEmbeddedValuesBehindAccessors() {
        Accessors.Catalog value = new Accessors.Catalog();
        value.setId(new ObjectId());
        Map<String, List<String>> sections = new LinkedHashMap<>();
        sections.put("a", new ArrayList<>(List.of("x", "y")));
        value.setSections(sections);
        Shapes.Tagged tagged = new Shapes.Tagged();
        tagged.label = "l";
        tagged.weight = 1;
        value.setAddresses(new ArrayList<>(List.of(tagged)));
        value.setLevel(Shapes.Level.HIGH);
        check.assertSame(Accessors.Catalog.class, value);
    }

    @Test
    void objectIdRepresentationOnAGetter() {
        Accessors.Reference value = new Accessors.Reference();
        value.id = new ObjectId();
        value.setTargetId(new ObjectId().toHexString());
        check.assertSame(Accessors.Reference.class, value);
    }

    // Without an id

    @Test
    void documentWithoutIdFields() {
        WithoutId.Event value = new WithoutId.Event();
        value.type = "login";
        value.at = Instant.parse("2026-11-26T08:00:00Z");
        value.attempt = 2;
        check.assertSame(WithoutId.Event.class, value);
    }

    @Test
    void documentWithoutIdAccessors() {
        WithoutId.AuditEntry value = new WithoutId.AuditEntry();
        value.setActor("ops");
        value.setAction("restart");
        check.assertSame(WithoutId.AuditEntry.class, value);
    }

    @Test
    void documentWithoutIdWithADiscriminator() {
        WithoutId.Metric value = new WithoutId.Metric();
        value.name = "cpu";
        value.value = 0.75;
        check.assertSame(WithoutId.Metric.class, value);
        assertThat(json(WithoutId.Metric.class, value)).startsWith("{\"_t\": \"metric\"");
    }

    @Test
    void documentWithoutIdWithEmbeddedValues() {
        WithoutId.Report value = new WithoutId.Report();
        value.title = "weekly";
        Shapes.Tagged line = new Shapes.Tagged();
        line.label = "a";
        line.weight = 3;
        value.lines = new ArrayList<>(List.of(line));
        value.summary = new Shapes.Plain();
        value.summary.note = "ok";
        value.summary.tags = new ArrayList<>(List.of(line));
        check.assertSame(WithoutId.Report.class, value);
    }

    @Test
    void recordWithoutId() {
        check.assertSame(WithoutId.Reading.class, new WithoutId.Reading("s-1", 21.5));
    }

    @Test
    void fieldNamedIdRenamedInADocumentWithoutId() {
        WithoutId.Imported value = new WithoutId.Imported();
        value.id = "legacy-9";
        value.origin = "csv";
        check.assertSame(WithoutId.Imported.class, value);
    }

    @Test
    void storedIdOfADocumentWithoutIdIsSkippedOnReading() {
        String stored = "{_id: 'made-elsewhere', type: 'logout', attempt: 1}";
        byte[] bytes = bytes(stored);
        WithoutId.Event ours = check.decodeWithKeysmith(WithoutId.Event.class, bytes);
        WithoutId.Event theirs = check.decodeWithPojo(WithoutId.Event.class, bytes);
        assertThat(ours).usingRecursiveComparison().isEqualTo(theirs);
        assertThat(ours.type).isEqualTo("logout");
    }

    // Creators and custom collections

    @Test
    void customCollectionAssignedThroughASetter() {
        Containers.Playlist value = new Containers.Playlist();
        value.id = new ObjectId();
        value.setSongs(List.of("intro", "outro"));
        check.assertSame(Containers.Playlist.class, value);
    }

    @Test
    void customCollectionThroughACreatorTakingAList() {
        check.assertSame(Containers.Roster.class, new Containers.Roster(new ObjectId(), List.of("ann", "bob")));
    }

    // Polymorphism

    @Test
    void interfaceWithADiscriminator() {
        Discriminated.Drawing value = new Discriminated.Drawing();
        value.id = new ObjectId();
        Discriminated.Circle circle = new Discriminated.Circle();
        circle.radius = 2;
        value.main = circle;
        check.assertSame(Discriminated.Drawing.class, value);
        assertThat(json(Discriminated.Drawing.class, value)).contains("\"_t\": \"" + Discriminated.Circle.class
                .getName() + "\"");
    }

    @Test
    void wildcardListOfAnInterface() {
        Discriminated.Drawing value = new Discriminated.Drawing();
        value.id = new ObjectId();
        Discriminated.Circle circle = new Discriminated.Circle();
        circle.radius = 1;
        Discriminated.Square square = new Discriminated.Square();
        square.side = 3;
        square.color = "red";
        value.figures = new ArrayList<>(List.of(circle, square));
        check.assertSame(Discriminated.Drawing.class, value);
    }

    @Test
    void listAndMapOfAnInterface() {
        Discriminated.Drawing value = new Discriminated.Drawing();
        value.id = new ObjectId();
        Discriminated.Square square = new Discriminated.Square();
        square.side = 1;
        Discriminated.Circle circle = new Discriminated.Circle();
        circle.radius = 4;
        value.layers = new ArrayList<>(List.of(square, circle));
        value.named = new LinkedHashMap<>(Map.of("c", circle));
        check.assertSame(Discriminated.Drawing.class, value);
    }

    @Test
    void subclassWithItsOwnDiscriminatorStartsOver() {
        Discriminated.Fleet value = new Discriminated.Fleet();
        value.id = new ObjectId();
        value.truck = new Discriminated.Truck();
        value.truck.plate = "T-1";
        value.truck.axles = 3;
        value.van = new Discriminated.Van();
        value.van.plate = "V-1";
        value.van.seats = 8;
        check.assertSame(Discriminated.Fleet.class, value);
        assertThat(json(Discriminated.Fleet.class, value)).contains("{\"_t\": \"truck\"", "{\"kind\": \"vehicle\"");
    }

    @Test
    void baseClassPropertyHoldingASubclass() {
        Discriminated.Garage value = new Discriminated.Garage();
        value.id = new ObjectId();
        Discriminated.Van van = new Discriminated.Van();
        van.plate = "V-2";
        van.seats = 5;
        value.parked = van;
        check.assertSame(Discriminated.Garage.class, value);
    }

    @Test
    void useDiscriminatorOnARenamedAndAPlainBsonProperty() {
        Discriminated.Workshop value = new Discriminated.Workshop();
        value.id = new ObjectId();
        value.main = new Discriminated.Tool();
        value.main.name = "saw";
        value.spare = new Discriminated.Tool();
        value.spare.name = "drill";
        check.assertSame(Discriminated.Workshop.class, value);
        assertThat(json(Discriminated.Workshop.class, value)).contains("\"primary\": {\"_t\"", "\"spare\": {\"_t\"");
    }

    // Generic types holding collections, extra elements, org.bson packages

    @Test
    void genericTypeWhoseArgumentIsAMapOrAList() {
        Containers.Warehouse value = new Containers.Warehouse();
        value.id = new ObjectId();
        Containers.Item item = new Containers.Item();
        item.sku = "A-1";
        item.quantity = 4;
        value.stock = new Containers.Holder<>();
        value.stock.value = new LinkedHashMap<>(Map.of("a", item));
        value.stock.note = "main";
        value.backlog = new Containers.Holder<>();
        value.backlog.value = new ArrayList<>(List.of(item));
        value.tags = new Containers.Holder<>();
        value.tags.value = new ArrayList<>(List.of("x", "y"));
        check.assertSame(Containers.Warehouse.class, value);
    }

    @Test
    void extraElementsInAMapOfStrings() {
        Containers.LabelledThing value = new Containers.LabelledThing();
        value.id = new ObjectId();
        value.name = "lamp";
        value.labels = new LinkedHashMap<>(Map.of("color", "blue"));
        check.assertSame(Containers.LabelledThing.class, value);
        assertThat(json(Containers.LabelledThing.class, value)).contains("\"color\": \"blue\"");
    }

    @Test
    void extraElementsInAHashMapBehindAccessors() {
        Containers.Open value = new Containers.Open();
        value.setId(new ObjectId());
        HashMap<String, Object> rest = new HashMap<>();
        rest.put("size", 3);
        value.setRest(rest);
        check.assertSame(Containers.Open.class, value);
    }

    @Test
    void extraElementsInAMapOfIntegers() {
        Containers.Scores value = new Containers.Scores();
        value.id = new ObjectId();
        value.player = "p1";
        value.byLevel = new LinkedHashMap<>(Map.of("level1", 10));
        check.assertSame(Containers.Scores.class, value);
    }

    @Test
    void applicationClassInAnOrgBsonPackage() {
        Containers.Shelf value = new Containers.Shelf();
        value.id = new ObjectId();
        value.label = new org.bson.keysmithparity.Label();
        value.label.text = "new";
        value.label.size = 2;
        value.books = new ArrayList<>(List.of("SICP"));
        check.assertSame(Containers.Shelf.class, value);
    }

    // Further shapes

    @Test
    void protectedGetterAndGetterWithParametersAreNoAccessors() {
        MoreShapes.NotAccessors value = new MoreShapes.NotAccessors();
        value.id = new ObjectId();
        value.name = "plain";
        check.assertSame(MoreShapes.NotAccessors.class, value);
        assertThat(json(MoreShapes.NotAccessors.class, value)).doesNotContain("secret", "part");
    }

    @Test
    void fluentSetter() {
        MoreShapes.Fluent value = new MoreShapes.Fluent();
        value.id = new ObjectId();
        value.setColor("teal");
        check.assertSame(MoreShapes.Fluent.class, value);
    }

    @Test
    void isGetterOfAString() {
        MoreShapes.Oddly value = new MoreShapes.Oddly();
        value.id = new ObjectId();
        value.setValid("yes");
        check.assertSame(MoreShapes.Oddly.class, value);
        assertThat(json(MoreShapes.Oddly.class, value)).contains("\"valid\": \"yes\"");
    }

    @Test
    void getterInTheSuperclassSetterInTheSubclass() {
        MoreShapes.Product value = new MoreShapes.Product();
        value.id = new ObjectId();
        value.setDescription("sturdy");
        check.assertSame(MoreShapes.Product.class, value);
    }

    @Test
    void staticCreatorThenSetters() {
        MoreShapes.Order value = MoreShapes.Order.of(new ObjectId(), "acme");
        value.setTotal(120);
        check.assertSame(MoreShapes.Order.class, value);
    }

    @Test
    void creatorWithTheIdOfAnotherName() {
        check.assertSame(MoreShapes.Country.class, new MoreShapes.Country("FR", "France"));
    }

    @Test
    void applicationCollectionClass() {
        MoreShapes.Tagged value = new MoreShapes.Tagged();
        value.id = new ObjectId();
        MoreShapes.Tags tags = new MoreShapes.Tags();
        tags.add("red");
        tags.add("blue");
        value.setTags(tags);
        check.assertSame(MoreShapes.Tagged.class, value);
    }

    @Test
    void genericTypesOfListsAndMapsOfLists() {
        MoreShapes.Results value = new MoreShapes.Results();
        value.id = new ObjectId();
        value.pages = new MoreShapes.Page<>();
        value.pages.number = 1;
        value.pages.items = new ArrayList<>(List.of(new ArrayList<>(List.of("a", "b")), new ArrayList<>()));
        value.pages.first = new ArrayList<>(List.of("z"));
        value.grid = new Containers.Holder<>();
        value.grid.value = new LinkedHashMap<>(Map.of("row", new ArrayList<>(List.of(1, 2, 3))));
        check.assertSame(MoreShapes.Results.class, value);
    }

    @Test
    void genericTypeArgumentListWithNullElements() {
        Containers.Warehouse value = new Containers.Warehouse();
        value.id = new ObjectId();
        value.tags = new Containers.Holder<>();
        List<String> tags = new ArrayList<>();
        tags.add(null);
        tags.add("x");
        value.tags.value = tags;
        check.assertSame(Containers.Warehouse.class, value);
    }

    @Test
    void genericApplicationClassInAnOrgBsonPackage() {
        MoreShapes.Timeline value = new MoreShapes.Timeline();
        value.id = new ObjectId();
        value.years = new org.bson.keysmithparity.Span<>();
        value.years.from = 1990;
        value.years.to = 2026;
        check.assertSame(MoreShapes.Timeline.class, value);
    }

    @Test
    void interfaceDiscriminatorThroughAnAbstractClass() {
        MoreShapes.Zoo value = new MoreShapes.Zoo();
        value.id = new ObjectId();
        MoreShapes.Whale whale = new MoreShapes.Whale();
        whale.name = "blue";
        whale.length = 24.5;
        MoreShapes.Bat bat = new MoreShapes.Bat();
        bat.name = "fruit";
        bat.nocturnal = true;
        value.animals = new ArrayList<>(List.of(whale, bat));
        value.star = bat;
        check.assertSame(MoreShapes.Zoo.class, value);
    }

    @Test
    void emptyAndNullPropertiesOfAccessorClasses() {
        Accessors.Catalog value = new Accessors.Catalog();
        value.setId(new ObjectId());
        value.setSections(new LinkedHashMap<>());
        value.setAddresses(new ArrayList<>());
        check.assertSame(Accessors.Catalog.class, value);
    }

    @Test
    void documentWithoutIdIsFoundAfterInsertWithTheDriversId() {
        WithoutId.Event value = new WithoutId.Event();
        value.type = "signup";
        check.assertStored(WithoutId.Event.class, value);
        assertThat(value).usingRecursiveComparison().isEqualTo(check.decodeWithPojo(WithoutId.Event.class,
                check.encodeWithKeysmith(WithoutId.Event.class, value)));
    }

    @Test
    void boxedFieldBehindPrimitiveAccessors() {
        MoreShapes.Gauge value = new MoreShapes.Gauge();
        value.id = new ObjectId();
        value.setCount(8);
        check.assertSame(MoreShapes.Gauge.class, value);
        assertThat(json(MoreShapes.Gauge.class, value)).contains("\"c\": 8");
    }

    @Test
    void abstractDiscriminatedTypeUnderABsonPropertyWithoutUseDiscriminator() {
        Discriminated.Checkout value = new Discriminated.Checkout();
        value.id = new ObjectId();
        Discriminated.Card card = new Discriminated.Card();
        card.reference = "r-1";
        card.last4 = 4242;
        value.payment = card;
        byte[] ours = check.encodeWithKeysmith(Discriminated.Checkout.class, value);
        byte[] theirs = check.encodeWithPojo(Discriminated.Checkout.class, value);
        assertThat(ParityCheck.json(ours)).isEqualTo(ParityCheck.json(theirs))
                .contains("\"payment_method\": {\"_t\"");
        assertThat(ours).isEqualTo(theirs);
        // PojoCodec cannot read its own document here (it tries to create the abstract class); keysmith can.
        assertThat(check.decodeWithKeysmith(Discriminated.Checkout.class, theirs)).usingRecursiveComparison()
                .isEqualTo(value);
        check.assertStored(Discriminated.Checkout.class, value);
    }

    @Test
    void finalFieldsReadBackThroughTheConstructorThatTakesThemAll() {
        MoreShapes.Version value = new MoreShapes.Version(new ObjectId(), 2, 7);
        byte[] ours = check.encodeWithKeysmith(MoreShapes.Version.class, value);
        byte[] theirs = check.encodeWithPojo(MoreShapes.Version.class, value);
        assertThat(ParityCheck.json(ours)).isEqualTo(ParityCheck.json(theirs));
        assertThat(ours).isEqualTo(theirs);
        assertThat(check.decodeWithKeysmith(MoreShapes.Version.class, theirs)).usingRecursiveComparison()
                .isEqualTo(value);
        // PojoCodec creates it with the constructor without parameters and never sets a final field.
        assertThat(check.decodeWithPojo(MoreShapes.Version.class, ours).getMajor()).isZero();
        check.assertStored(MoreShapes.Version.class, value);
    }
}
