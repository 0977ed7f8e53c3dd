package dev.keysmith.mongodb.parity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keysmith.runtime.codec.EntityDecodingException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.Document;
import org.bson.RawBsonDocument;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

/**
 * Entity shapes of real models against the driver's PojoCodec: the same bytes, each reads the other's documents,
 * insert and find on the server.
 */
class PojoCodecParityTest extends ParityTestBase {

    @Test
    void primitives() {
        Shapes.Primitives value = new Shapes.Primitives();
        value.id = new ObjectId();
        value.count = 7;
        value.total = 1L << 40;
        value.ratio = 0.25;
        value.weight = 1.5f;
        value.small = -3;
        value.tiny = 9;
        value.initial = 'K';
        value.active = true;
        check.assertSame(Shapes.Primitives.class, value);
    }

    @Test
    void boxesWithNulls() {
        Shapes.Boxes value = new Shapes.Boxes();
        value.id = new ObjectId();
        value.count = 3;
        value.active = false;
        value.name = "left";
        check.assertSame(Shapes.Boxes.class, value);
        Shapes.Boxes empty = new Shapes.Boxes();
        empty.id = new ObjectId();
        check.assertSame(Shapes.Boxes.class, empty);
    }

    @Test
    void gettersAndSetters() {
        Shapes.Bean value = new Shapes.Bean();
        value.setId(new ObjectId());
        value.setName("Ada");
        value.setAge(36);
        check.assertSame(Shapes.Bean.class, value);
    }

    @Test
    void booleanIsGetter() {
        Shapes.BooleanIs value = new Shapes.BooleanIs();
        value.setId(new ObjectId());
        value.setVerified(Boolean.TRUE);
        check.assertSame(Shapes.BooleanIs.class, value);
    }

    @Test
    void covariantGetter() {
        Shapes.CovariantGetter value = new Shapes.CovariantGetter();
        value.setId(new ObjectId());
        value.setTags(new ArrayList<>(List.of("a", "b")));
        check.assertSame(Shapes.CovariantGetter.class, value);
    }

    @Test
    void scalars() {
        Shapes.Scalars value = new Shapes.Scalars();
        value.id = new ObjectId();
        value.level = Shapes.Level.HIGH;
        value.at = Instant.parse("2026-11-21T10:15:30.123Z");
        value.when = new Date(1_700_000_000_000L);
        value.day = LocalDate.of(2026, 2, 28);
        value.local = LocalDateTime.of(2026, 2, 28, 13, 45, 7);
        value.price = new BigDecimal("19.99");
        value.token = UUID.fromString("123e4567-e89b-42d3-a456-426614174000");
        value.owner = new ObjectId();
        value.blob = new byte[] {1, 2, 3};
        check.assertSame(Shapes.Scalars.class, value);
    }

    @Test
    void collections() {
        Shapes.Collections value = new Shapes.Collections();
        value.id = new ObjectId();
        value.list = new ArrayList<>(List.of("a", "b"));
        value.set = new HashSet<>(List.of("x"));
        value.collection = new ArrayList<>(List.of("c"));
        value.arrayList = new ArrayList<>(List.of(1, 2));
        value.linkedList = new LinkedList<>(List.of("l"));
        value.hashSet = new HashSet<>(List.of("h"));
        value.linkedHashSet = new LinkedHashSet<>(List.of("k", "j"));
        value.treeSet = new TreeSet<>(List.of("b", "a"));
        value.arrayDeque = new ArrayDeque<>(List.of("e"));
        value.nested = List.of(List.of(1, 2), List.of());
        check.assertSame(Shapes.Collections.class, value);
    }

    @Test
    void collectionInterfacesPojoCodecCannotCreate() {
        // PojoCodec fails on these ("Unsupported Collection interface of java.util.Deque!"); keysmith creates
        // a TreeSet or an ArrayDeque, and writes them as the arrays PojoCodec would.
        Shapes.Collections value = new Shapes.Collections();
        value.id = new ObjectId();
        value.sortedSet = new TreeSet<>(List.of("s", "r"));
        value.navigableSet = new TreeSet<>(List.of("n"));
        value.queue = new ArrayDeque<>(List.of("q"));
        value.deque = new ArrayDeque<>(List.of("d"));
        check.assertStored(Shapes.Collections.class, value);
        assertThat(ParityCheck.json(check.encodeWithKeysmith(Shapes.Collections.class, value)))
                .isEqualTo(ParityCheck.json(check.encodeWithPojo(Shapes.Collections.class, value)));
    }

    @Test
    void maps() {
        Shapes.Maps value = new Shapes.Maps();
        value.id = new ObjectId();
        value.map = new LinkedHashMap<>(Map.of("one", 1));
        value.hashMap = new HashMap<>(Map.of("k", "v"));
        value.linkedHashMap = new LinkedHashMap<>(Map.of("l", 2L));
        value.treeMap = new TreeMap<>(Map.of("b", 2.0, "a", 1.0));
        value.listValues = new LinkedHashMap<>(Map.of("xs", List.of("x1", "x2")));
        check.assertSame(Shapes.Maps.class, value);
        // PojoCodec cannot set a SortedMap (it creates a HashMap); keysmith creates a TreeMap.
        value.sortedMap = new TreeMap<>(Map.of("s", "t"));
        check.assertStored(Shapes.Maps.class, value);
    }

    @Test
    void untypedValues() {
        Shapes.Untyped value = new Shapes.Untyped();
        value.id = new ObjectId();
        value.document = new Document("a", 1).append("b", new Document("c", "d"));
        value.bsonDocument = new BsonDocument("x", new BsonInt32(1));
        value.bsonValue = new BsonString("raw");
        value.attributes = new LinkedHashMap<>();
        value.attributes.put("color", "red");
        value.attributes.put("size", 42);
        value.attributes.put("nested", new Document("deep", true));
        check.assertSame(Shapes.Untyped.class, value);
        // PojoCodec has no codec for a field or list element declared Object ("Can't find a codec for ... Object"); keysmith
        // writes it with the codec of its class and reads it as a Document value.
        value.anything = "text";
        value.mixed = new ArrayList<>(List.of("a", 1, 2.5));
        check.assertStored(Shapes.Untyped.class, value);
    }

    @Test
    void embeddedWithAndWithoutTheAnnotation() {
        Shapes.Nesting value = new Shapes.Nesting();
        value.id = new ObjectId();
        value.tagged = tagged("gold", 3);
        Shapes.Plain plain = new Shapes.Plain();
        plain.note = "plain";
        plain.tags = List.of(tagged("t", 1));
        value.plain = plain;
        value.list = List.of(tagged("a", 1), tagged("b", 2));
        value.byName = new LinkedHashMap<>(Map.of("p", plain));
        check.assertSame(Shapes.Nesting.class, value);
    }

    @Test
    void anEmbeddedIdIsStoredAsUnderscoreIdLikePojoCodecDoes() {
        Shapes.LineItem item = new Shapes.LineItem();
        item.sku = "A-1";
        item.id = 5;
        item.quantity = 2;
        Shapes.WithEmbeddedIds value = new Shapes.WithEmbeddedIds();
        value.id = new ObjectId();
        value.items = List.of(item);
        value.first = item;
        check.assertSame(Shapes.WithEmbeddedIds.class, value);
        Document stored = Document.parse(ParityCheck.json(check.encodeWithKeysmith(Shapes.WithEmbeddedIds.class,
                value)));
        assertThat(((Document) stored.get("first")).get("_id")).isEqualTo(5);
    }

    @Test
    void driverAnnotations() {
        Shapes.Annotated value = new Shapes.Annotated();
        value.code = "C-1";
        value.name = "Named";
        value.ownerId = new ObjectId().toHexString();
        check.assertSame(Shapes.Annotated.class, value);
        assertThat(new RawBsonDocument(check.encodeWithKeysmith(Shapes.Annotated.class, value)).get("ownerId")
                .isObjectId()).isTrue();
    }

    @Test
    void representedStringId() {
        Shapes.RepresentedId value = new Shapes.RepresentedId();
        value.id = new ObjectId().toHexString();
        value.name = "r";
        check.assertSame(Shapes.RepresentedId.class, value);
    }

    @Test
    void records() {
        check.assertSame(Shapes.Place.class, new Shapes.Place(new ObjectId(), "Pier", new Shapes.Point(1.5, -2),
                List.of("sea")));
        check.assertSame(Shapes.Offer.class, new Shapes.Offer(new ObjectId(), 10, true, "v", "r"));
    }

    @Test
    void bsonCreatorWithPropertyNamedParameters() {
        check.assertSame(Creators.Money.class, new Creators.Money(new ObjectId(), "EUR", 1999));
    }

    @Test
    void bsonCreatorAndSetters() {
        Creators.Account account = new Creators.Account(new ObjectId(), "ada");
        account.setEmail("ada@example.com");
        account.setLogins(3);
        check.assertSame(Creators.Account.class, account);
        check.assertSame(Creators.Account.class, new Creators.Account(new ObjectId(), "bob"));
    }

    @Test
    void bsonCreatorStaticFactory() {
        check.assertSame(Creators.Code.class, Creators.Code.of(new ObjectId(), "X-1"));
    }

    @Test
    void anIgnoredRecordComponentIsNeitherWrittenNorRead() {
        // The driver's record codec rejects @BsonIgnore on a component; keysmith leaves it out and passes null.
        Creators.Session session = new Creators.Session(new ObjectId(), "ada", "secret");
        String json = ParityCheck.json(check.encodeWithKeysmith(Creators.Session.class, session));
        assertThat(json).doesNotContain("cachedToken").doesNotContain("secret");
        assertThat(check.decodeWithKeysmith(Creators.Session.class,
                check.encodeWithKeysmith(Creators.Session.class, session)))
                .isEqualTo(new Creators.Session(session.id(), "ada", null));
    }

    @Test
    void discriminatorsAndPolymorphicFieldsAndLists() {
        Zoo.Dog rex = new Zoo.Dog();
        rex.name = "Rex";
        rex.goodBoy = true;
        Zoo.Cat tom = new Zoo.Cat();
        tom.name = "Tom";
        tom.lives = 9;
        Zoo.Circle circle = new Zoo.Circle();
        circle.label = "c";
        circle.radius = 2;
        Zoo.Figure plain = new Zoo.Figure();
        plain.label = "f";
        Zoo.Enclosure enclosure = new Zoo.Enclosure();
        enclosure.id = new ObjectId();
        enclosure.star = tom;
        enclosure.animals = List.of(rex, tom);
        enclosure.figure = circle;
        enclosure.figures = List.of(plain, circle);
        check.assertSame(Zoo.Enclosure.class, enclosure);
        Zoo.Enclosure decoded = check.decodeWithKeysmith(Zoo.Enclosure.class,
                check.encodeWithPojo(Zoo.Enclosure.class, enclosure));
        assertThat(decoded.animals).extracting(animal -> animal.getClass().getSimpleName()).containsExactly("Dog", "Cat");
        assertThat(decoded.figures.get(0)).isExactlyInstanceOf(Zoo.Figure.class);

        Zoo.Keeper keeper = new Zoo.Keeper();
        keeper.id = new ObjectId();
        keeper.name = "Kim";
        check.assertSame(Zoo.Keeper.class, keeper);
    }

    @Test
    void petClinic() {
        PetClinic.Visit visit = new PetClinic.Visit();
        visit.setId(new ObjectId());
        visit.setDate(LocalDate.of(2026, 1, 2));
        visit.setDescription("rabies shot");
        PetClinic.PetType cat = new PetClinic.PetType();
        cat.setId(new ObjectId());
        cat.setName("cat");
        PetClinic.Pet pet = new PetClinic.Pet();
        pet.setId(new ObjectId());
        pet.setName("Leo");
        pet.setBirthDate(LocalDate.of(2020, 9, 7));
        pet.setType(cat);
        pet.setVisits(List.of(visit));
        PetClinic.Owner owner = new PetClinic.Owner();
        owner.setId(new ObjectId());
        owner.setFirstName("George");
        owner.setLastName("Franklin");
        owner.setAddress("110 W. Liberty St.");
        owner.setCity("Madison");
        owner.setTelephone("6085551023");
        owner.setPets(List.of(pet));
        check.assertSame(PetClinic.Owner.class, owner);
        check.assertSame(PetClinic.Pet.class, pet);
        check.assertSame(PetClinic.Visit.class, visit);
    }

    @Test
    void anAbstractBaseEntityGeneratesTheIdOfItsSubclasses() {
        PetClinic.Owner owner = new PetClinic.Owner();
        owner.setFirstName("Betty");
        check.assertStored(PetClinic.Owner.class, owner);
        assertThat(owner.getId()).isNotNull();
    }

    @Test
    void genericAggregateRoot() {
        PetClinic.Vet vet = new PetClinic.Vet();
        vet.setId(new ObjectId());
        vet.setVersion(3);
        vet.setName("James Carter");
        vet.setSpecialties(List.of("radiology"));
        check.assertSame(PetClinic.Vet.class, vet);
    }

    @Test
    void moviesCommentsUsers() {
        SampleData.Movie movie = new SampleData.Movie();
        movie.id = new ObjectId("573a1390f29313caabcd4135");
        movie.title = "Blacksmith Scene";
        movie.year = 1893;
        movie.runtime = 1;
        movie.genres = List.of("Short");
        movie.cast = List.of("Charles Kayser", "John Ott");
        movie.released = new Date(-2_418_768_000_000L);
        SampleData.Imdb imdb = new SampleData.Imdb();
        imdb.rating = 6.2;
        imdb.votes = 1189;
        imdb.id = 5;
        movie.imdb = imdb;
        SampleData.Viewer viewer = new SampleData.Viewer();
        viewer.rating = 3.0;
        viewer.numReviews = 184;
        viewer.meter = 32;
        SampleData.Tomatoes tomatoes = new SampleData.Tomatoes();
        tomatoes.viewer = viewer;
        tomatoes.lastUpdated = new Date(1_435_516_449_000L);
        movie.tomatoes = tomatoes;
        movie.numMflixComments = 1;
        check.assertSame(SampleData.Movie.class, movie);

        SampleData.Comment comment = new SampleData.Comment();
        comment.id = new ObjectId();
        comment.name = "Mercedes Tyler";
        comment.email = "mercedes_tyler@fakegmail.com";
        comment.movieId = movie.id;
        comment.text = "Eius veritatis vero facilis quaerat fuga temporibus.";
        comment.date = new Date(1_029_646_567_000L);
        check.assertSame(SampleData.Comment.class, comment);

        SampleData.User user = new SampleData.User();
        user.id = new ObjectId();
        user.name = "Ned Stark";
        user.email = "sean_bean@gameofthron.es";
        user.password = "$2b$12$UREFwsRUoyF0CRqGNK0LzO0HM/jLhgUCNNIJ9RJAqMUQ74crlJ1Vu";
        check.assertSame(SampleData.User.class, user);
    }

    @Test
    void listingsWithReviewsAndGeoJson() {
        SampleData.GeoPoint point = new SampleData.GeoPoint();
        point.type = "Point";
        point.coordinates = List.of(-8.61308, 41.1413);
        point.isLocationExact = false;
        SampleData.ListingAddress address = new SampleData.ListingAddress();
        address.street = "Porto, Porto, Portugal";
        address.country = "Portugal";
        address.location = point;
        SampleData.Review review = new SampleData.Review();
        review.id = "58663741";
        review.date = new Date(1_451_606_400_000L);
        review.listingId = "10006546";
        review.reviewerName = "Cátia";
        review.comments = "A casa da Ana e do Gonçalo foram o local escolhido.";
        SampleData.Listing listing = new SampleData.Listing();
        listing.id = "10006546";
        listing.name = "Ribeira Charming Duplex";
        listing.propertyType = "House";
        listing.price = new BigDecimal("80.00");
        listing.amenities = List.of("TV", "Wifi");
        listing.address = address;
        listing.reviews = List.of(review);
        check.assertSame(SampleData.Listing.class, listing);
    }

    @Test
    void salesWithItemsAndACustomer() {
        SampleData.Item item = new SampleData.Item();
        item.name = "printer paper";
        item.tags = List.of("office", "stationary");
        item.price = new BigDecimal("40.01");
        item.quantity = 2;
        SampleData.Customer customer = new SampleData.Customer();
        customer.gender = "M";
        customer.age = 42;
        customer.email = "cauho@witwuta.sv";
        customer.satisfaction = 4;
        SampleData.Sale sale = new SampleData.Sale();
        sale.id = new ObjectId("5bd761dcae323e45a93ccfe8");
        sale.saleDate = new Date(1_427_144_809_506L);
        sale.items = List.of(item);
        sale.storeLocation = "Denver";
        sale.customer = customer;
        sale.couponUsed = true;
        sale.purchaseMethod = "Online";
        check.assertSame(SampleData.Sale.class, sale);
    }

    @Test
    void numbersStoredAsOtherTypesAreReadLikePojoCodecReadsThem() {
        String json = "{\"_id\": {\"$oid\": \"573a1390f29313caabcd4135\"}, \"title\": \"t\", "
                + "\"year\": 1903.0, \"runtime\": {\"$numberLong\": \"11\"}, \"num_mflix_comments\": "
                + "{\"$numberDecimal\": \"2\"}, \"imdb\": {\"rating\": 7, \"votes\": 10, \"id\": 1}}";
        byte[] bytes = bytes(json);
        SampleData.Movie ours = check.decodeWithKeysmith(SampleData.Movie.class, bytes);
        SampleData.Movie pojo = check.decodeWithPojo(SampleData.Movie.class, bytes);
        assertThat(ours).usingRecursiveComparison().isEqualTo(pojo);
        assertThat(ours.year).isEqualTo(1903);
        assertThat(ours.imdb.rating).isEqualTo(7.0);
    }

    @Test
    void aLossyNumberFailsNamingTheValue() {
        byte[] bytes = bytes("{\"_id\": {\"$oid\": \"573a1390f29313caabcd4135\"}, \"year\": 1903.5}");
        assertThatThrownBy(() -> check.decodeWithKeysmith(SampleData.Movie.class, bytes))
                .isInstanceOf(EntityDecodingException.class)
                .hasMessageContaining("Movie.year").hasMessageContaining("the double 1903.5 is not an int");
    }

    @Test
    void genericEmbeddedTypesWithTypeArguments() {
        Generics.Offer value = new Generics.Offer();
        value.id = new ObjectId();
        value.price = new Generics.Range<>(10, 99);
        value.period = new Generics.Range<>(Instant.parse("2026-01-01T00:00:00Z"), null);
        value.label = new Generics.Tagged<>();
        value.label.value = "new";
        value.label.history = List.of("draft", "new");
        value.label.bounds = new Generics.Range<>("a", "z");
        value.nested = new Generics.Pair<>(new Generics.Range<>(1, 2), Shapes.Level.HIGH);
        check.assertSame(Generics.Offer.class, value);
        assertThat(ParityCheck.json(check.encodeWithKeysmith(Generics.Offer.class, value)))
                .contains("\"price\": {\"max\": 99, \"min\": 10}")
                .contains("\"period\": {\"min\": {\"$date\": \"2026-01-01T00:00:00Z\"}}");
    }

    @Test
    void genericTypesInAListOrMapThatPojoCodecCannotEncode() {
        Generics.Stats value = new Generics.Stats();
        value.id = new ObjectId("573a1390f29313caabcd4135");
        value.counts = List.of(new Generics.Pair<>("views", 12L), new Generics.Pair<>("sales", 1L << 40));
        value.limits = new LinkedHashMap<>(Map.of("weight", new Generics.Range<>(0.5, 2.5)));
        check.assertStored(Generics.Stats.class, value);
        assertThat(ParityCheck.json(check.encodeWithKeysmith(Generics.Stats.class, value))).isEqualTo(
                "{\"_id\": {\"$oid\": \"573a1390f29313caabcd4135\"}, \"counts\": [{\"first\": \"views\", "
                + "\"second\": 12}, {\"first\": \"sales\", \"second\": 1099511627776}], "
                + "\"limits\": {\"weight\": {\"max\": 2.5, \"min\": 0.5}}}");
    }

    @Test
    void aTypeArgumentValueOfTheWrongTypeFailsNamingThePath() {
        byte[] bytes = bytes("{\"_id\": {\"$oid\": \"573a1390f29313caabcd4135\"}, \"price\": {\"min\": \"ten\"}}");
        assertThatThrownBy(() -> check.decodeWithKeysmith(Generics.Offer.class, bytes))
                .isInstanceOf(EntityDecodingException.class)
                .hasMessageContaining("Offer.price.min");
    }

    private static final String UNKNOWN_FIELDS = "{\"_id\": {\"$oid\": \"573a1390f29313caabcd4135\"}, \"q\": 1, "
            + "\"name\": \"n\", \"l\": [1, {\"x\": 2}], \"when\": {\"$date\": \"2026-01-01T00:00:00Z\"}, "
            + "\"u\": {\"$binary\": {\"base64\": \"EjRWeJASNFZ4kBI0VniQEg==\", \"subType\": \"04\"}}, "
            + "\"big\": {\"$numberLong\": \"5\"}, \"nothing\": null}";

    @Test
    void extraElementsInADocument() {
        Extras.WithDocument value = new Extras.WithDocument();
        value.id = new ObjectId();
        value.age = 3;
        value.name = "n";
        value.extra = new Document("b", 1).append("a", new Document("c", List.of("x", 2L)));
        check.assertSame(Extras.WithDocument.class, value);
        assertThat(ParityCheck.json(check.encodeWithKeysmith(Extras.WithDocument.class, value)))
                .contains("\"age\": 3, \"b\": 1, \"a\": {\"c\": [\"x\", 2]}, \"name\": \"n\"");
        value.extra = null;
        check.assertSame(Extras.WithDocument.class, value);

        byte[] bytes = bytes(UNKNOWN_FIELDS);
        Extras.WithDocument ours = check.decodeWithKeysmith(Extras.WithDocument.class, bytes);
        assertThat(ours).usingRecursiveComparison()
                .isEqualTo(check.decodeWithPojo(Extras.WithDocument.class, bytes));
        assertThat(ours.extra.keySet()).containsExactly("q", "l", "when", "u", "big", "nothing");
        assertThat(ours.extra.get("u")).isEqualTo(UUID.fromString("12345678-9012-3456-7890-123456789012"));
        assertThat(ParityCheck.json(check.encodeWithKeysmith(Extras.WithDocument.class, ours)))
                .isEqualTo(ParityCheck.json(check.encodeWithPojo(Extras.WithDocument.class, ours)));
    }

    @Test
    void extraElementsInABsonDocument() {
        Extras.WithBsonDocument value = new Extras.WithBsonDocument();
        value.id = new ObjectId();
        value.name = "n";
        value.rest = new BsonDocument("k", new BsonInt32(2)).append("s", new BsonDocument("t", new BsonString("v")));
        check.assertSame(Extras.WithBsonDocument.class, value);

        byte[] bytes = bytes(UNKNOWN_FIELDS);
        Extras.WithBsonDocument ours = check.decodeWithKeysmith(Extras.WithBsonDocument.class, bytes);
        assertThat(ours).usingRecursiveComparison()
                .isEqualTo(check.decodeWithPojo(Extras.WithBsonDocument.class, bytes));
        assertThat(ours.rest.toJson()).isEqualTo(RawBsonDocument.parse(UNKNOWN_FIELDS).toBsonDocument().clone()
                .toJson().replace("{\"_id\": {\"$oid\": \"573a1390f29313caabcd4135\"}, ", "{")
                .replace("\"name\": \"n\", ", ""));
    }

    @Test
    void extraElementsInAMapOnAGetter() {
        Extras.WithMap value = new Extras.WithMap();
        value.setId(new ObjectId());
        value.setName("n");
        value.setOthers(new LinkedHashMap<>(Map.of("k", List.of(1, 2))));
        check.assertSame(Extras.WithMap.class, value);

        byte[] bytes = bytes(UNKNOWN_FIELDS);
        Extras.WithMap ours = check.decodeWithKeysmith(Extras.WithMap.class, bytes);
        assertThat(ours).usingRecursiveComparison().isEqualTo(check.decodeWithPojo(Extras.WithMap.class, bytes));
        assertThat(ours.getOthers()).containsKeys("q", "l", "when", "u", "big", "nothing");
    }

    @Test
    void withoutUnknownFieldsTheExtraElementsStayNull() {
        byte[] bytes = bytes("{\"_id\": {\"$oid\": \"573a1390f29313caabcd4135\"}, \"name\": \"n\"}");
        assertThat(check.decodeWithKeysmith(Extras.WithDocument.class, bytes).extra).isNull();
        assertThat(check.decodeWithPojo(Extras.WithDocument.class, bytes).extra).isNull();
    }

    private static byte[] bytes(String json) {
        RawBsonDocument document = RawBsonDocument.parse(json);
        byte[] bytes = new byte[document.getByteBuffer().remaining()];
        document.getByteBuffer().get(bytes);
        return bytes;
    }

    private static Shapes.Tagged tagged(String label, int weight) {
        Shapes.Tagged tagged = new Shapes.Tagged();
        tagged.label = label;
        tagged.weight = weight;
        return tagged;
    }
}
