package dev.keysmith.processor;

import static dev.keysmith.processor.Compilations.source;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keysmith.processor.messages.Message;
import dev.keysmith.processor.messages.Reason;
import dev.keysmith.runtime.codec.EntityDecodingException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.bson.codecs.Codec;
import org.bson.codecs.configuration.CodecConfigurationException;
import org.bson.codecs.pojo.ClassModel;
import org.junit.jupiter.api.Test;

/**
 * What the driver's {@code PojoCodec} really does with the shapes keysmith's messages speak of, seen by running it
 * on the same sources: every "the driver does X" of a message is a test here ({@link Backs}), and every fix a
 * message suggests compiles with the processor and reads back what it writes, in the driver's bytes.
 */
class DriverShapesTest {

    /** The messages whose words about the driver a test shows. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    @interface Backs {
        Message[] value() default {};

        Reason[] reasons() default {};
    }

    private static final String HEADER = String.join("\n", "package test;",
            "import dev.keysmith.annotations.*;",
            "import java.util.*;",
            "import org.bson.codecs.pojo.annotations.*;", "");

    private static JavaFileObject type(String name, String... body) {
        return source("test." + name, HEADER + String.join("\n", body));
    }

    /** The same bytes from both codecs, and each reads the other's document back to an equal value. */
    private static void assertSameDocuments(DriverRun run, String type) throws ReflectiveOperationException {
        Object value = run.sample("test." + type);
        Codec<Object> ours = run.keysmith("test." + type);
        Codec<Object> pojo = run.pojo("test." + type);
        byte[] oursBytes = DriverRun.encode(ours, value);
        byte[] pojoBytes = DriverRun.encode(pojo, value);
        assertThat(DriverRun.json(oursBytes)).isEqualTo(DriverRun.json(pojoBytes));
        assertThat(oursBytes).isEqualTo(pojoBytes);
        assertThat(DriverRun.decode(ours, pojoBytes)).usingRecursiveComparison().isEqualTo(value);
        assertThat(DriverRun.decode(pojo, oursBytes)).usingRecursiveComparison().isEqualTo(value);
    }

    /** The driver refuses the class {@code test.Bad} of {@code body} when it builds its class model. */
    private static void assertDriverRefuses(String expected, String... body) throws Exception {
        try (DriverRun run = DriverRun.driverOnly(type("Bad", body))) {
            assertThatThrownBy(() -> ClassModel.builder(run.type("test.Bad")).build())
                    .isInstanceOf(CodecConfigurationException.class).hasMessageContaining(expected);
        }
    }

    // A static @BsonCreator of a superclass that returns the superclass: the driver takes it.

    private static final JavaFileObject BADGE = type("Badge",
            "public abstract class Badge {",
            "  private final String label;",
            "  Badge(String label) { this.label = label; }",
            "  public String getLabel() { return label; }",
            "  @BsonCreator public static Badge of(@BsonProperty(\"label\") String label) { return new GoldBadge(label); }",
            "}");
    private static final JavaFileObject GOLD_BADGE = type("GoldBadge",
            "@Document public class GoldBadge extends Badge {",
            "  GoldBadge(String label) { super(label); }",
            "  static GoldBadge sample() { return new GoldBadge(\"gold\"); }",
            "}");

    @Test
    void aSuperclassCreatorThatReturnsTheSuperclassIsTheDriversAndKeysmiths() throws Exception {
        try (DriverRun run = DriverRun.withKeysmith(BADGE, GOLD_BADGE)) {
            assertSameDocuments(run, "GoldBadge");
        }
    }

    @Test
    @Backs(Message.CREATOR_RETURN)
    void theDriverRefusesAStaticCreatorThatReturnsAnotherType() throws Exception {
        assertDriverRefuses("Invalid method",
                "public class Bad {",
                "  public String name;",
                "  @BsonCreator public static String parse(@BsonProperty(\"name\") String name) { return name; }",
                "}");
    }

    @Test
    @Backs(Message.TWO_CREATORS)
    void theDriverRefusesTwoCreators() throws Exception {
        assertDriverRefuses("multiple",
                "public class Bad {",
                "  private final String name;",
                "  @BsonCreator public Bad(@BsonProperty(\"name\") String name) { this.name = name; }",
                "  @BsonCreator public static Bad of(@BsonProperty(\"name\") String name) { return new Bad(name); }",
                "  public String getName() { return name; }",
                "}");
    }

    // The driver's annotations on a field and its accessors: the same ones are fine, different ones are refused.

    @Test
    void theSameAnnotationsOnAFieldAndItsAccessorsAreTheDriversAndKeysmiths() throws Exception {
        try (DriverRun run = DriverRun.withKeysmith(type("Lamp",
                "@Document public class Lamp {",
                "  @BsonProperty(\"c\") private String color;",
                "  @BsonIgnore private String cache;",
                "  @BsonProperty(\"c\") public String getColor() { return color; }",
                "  @BsonProperty(value = \"c\", useDiscriminator = false) public void setColor(String c) { color = c; }",
                "  public String getCache() { return cache; }",
                "  @BsonIgnore public void setCache(String c) { cache = c; }",
                "  static Lamp sample() { Lamp lamp = new Lamp(); lamp.color = \"red\"; return lamp; }",
                "}"))) {
            assertSameDocuments(run, "Lamp");
        }
    }

    @Test
    @Backs(Message.DUPLICATE_ANNOTATION)
    void theDriverRefusesDifferentAnnotationsOnAFieldAndItsAccessor() throws Exception {
        assertDriverRefuses("already exists",
                "public class Bad {",
                "  @BsonProperty(\"color\") private String color;",
                "  @BsonProperty(\"theme\") public String getColor() { return color; }",
                "  public void setColor(String color) { this.color = color; }",
                "}");
    }

    @Test
    @Backs(Message.PROPERTY_TYPE)
    void theDriverRefusesAGetterAndSetterOfUnrelatedTypes() throws Exception {
        assertDriverRefuses("differing data types",
                "public class Bad {",
                "  private int size;",
                "  public String getSize() { return String.valueOf(size); }",
                "  public void setSize(int size) { this.size = size; }",
                "}");
    }

    @Test
    @Backs(Message.WRITE_ONLY)
    void theDriverCannotEncodeAPropertyWithASetterAndNothingToReadItFrom() throws Exception {
        try (DriverRun run = DriverRun.driverOnly(type("Bad",
                "public class Bad {",
                "  public String name;",
                "  public void setLabel(String label) { this.name = label; }",
                "  static Bad sample() { Bad bad = new Bad(); bad.name = \"n\"; return bad; }",
                "}"))) {
            Object value = run.sample("test.Bad");
            assertThatThrownBy(() -> DriverRun.encode(run.pojo("test.Bad"), value))
                    .isInstanceOf(CodecConfigurationException.class);
        }
    }

    @Test
    @Backs(Message.PROPERTY_NAME)
    void theDriverNeverReadsBackAPropertyWrittenUnderOneNameAndReadUnderAnother() throws Exception {
        try (DriverRun run = DriverRun.driverOnly(type("Sign",
                "public class Sign {",
                "  private String title;",
                "  @BsonProperty(\"a\") public String getTitle() { return title; }",
                "  @BsonProperty(\"b\") public void setTitle(String title) { this.title = title; }",
                "  static Sign sample() { Sign sign = new Sign(); sign.title = \"t\"; return sign; }",
                "}"))) {
            Codec<Object> pojo = run.pojo("test.Sign");
            byte[] written = DriverRun.encode(pojo, run.sample("test.Sign"));
            assertThat(DriverRun.json(written)).isEqualTo("{\"a\": \"t\"}");
            assertThat(DriverRun.decode(pojo, written)).hasFieldOrPropertyWithValue("title", null);
        }
    }

    // An interface without @BsonDiscriminator: the driver writes each value and cannot read it back.

    private static final JavaFileObject CAT = type("Cat",
            "public class Cat implements Pet {",
            "  private String name;",
            "  public String getName() { return name; }",
            "  public void setName(String name) { this.name = name; }",
            "}");
    private static final JavaFileObject HOME = type("Home",
            "@Document public class Home {",
            "  private Pet pet;",
            "  private List<? extends Pet> pets;",
            "  public Pet getPet() { return pet; }",
            "  public void setPet(Pet pet) { this.pet = pet; }",
            "  public List<? extends Pet> getPets() { return pets; }",
            "  public void setPets(List<? extends Pet> pets) { this.pets = pets; }",
            "  static Home sample() {",
            "    Cat cat = new Cat(); cat.setName(\"Tom\");",
            "    Home home = new Home(); home.pet = cat; home.pets = List.of(cat); return home;",
            "  }",
            "}");

    @Test
    @Backs(value = Message.FIELD_TYPE, reasons = Reason.UNDISCRIMINATED)
    void theDriverCannotReadBackAnInterfaceWithoutDiscriminatorAndTheSuggestedFixWorks() throws Exception {
        try (DriverRun run = DriverRun.driverOnly(type("Pet", "public interface Pet {}"), CAT, HOME)) {
            Codec<Object> pojo = run.pojo("test.Home");
            byte[] written = DriverRun.encode(pojo, run.sample("test.Home"));
            assertThat(DriverRun.json(written)).isEqualTo("{\"pet\": {\"name\": \"Tom\"}, \"pets\": [{\"name\": \"Tom\"}]}");
            assertThatThrownBy(() -> DriverRun.decode(pojo, written)).isInstanceOf(CodecConfigurationException.class)
                    .hasMessageContaining("Pet");
        }
        // The fix the message suggests: @BsonDiscriminator on the interface.
        try (DriverRun run = DriverRun.withKeysmith(type("Pet", "@BsonDiscriminator public interface Pet {}"), CAT,
                HOME)) {
            assertSameDocuments(run, "Home");
        }
    }

    // An interface without @BsonDiscriminator under @BsonProperty(useDiscriminator = true): the driver reads _t.

    private static final JavaFileObject VEHICLE = type("Vehicle", "public interface Vehicle {}");
    private static final JavaFileObject MACHINE = type("Machine",
            "@BsonDiscriminator public abstract class Machine implements Vehicle {",
            "  private String name;",
            "  public String getName() { return name; }",
            "  public void setName(String name) { this.name = name; }",
            "}");
    private static final JavaFileObject CAR = type("Car",
            "public class Car extends Machine {",
            "  private int wheels;",
            "  public int getWheels() { return wheels; }",
            "  public void setWheels(int wheels) { this.wheels = wheels; }",
            "}");
    private static final JavaFileObject BIKE = type("Bike",
            "public class Bike implements Vehicle {",
            "  private int gears;",
            "  public int getGears() { return gears; }",
            "  public void setGears(int gears) { this.gears = gears; }",
            "}");

    @Test
    @Backs(value = Message.FIELD_TYPE, reasons = Reason.SWITCHED_ON_WITHOUT_KEY)
    void theDriverCannotReadBackAnImplementationWithoutDiscriminatorUnderUseDiscriminatorAndTheFixWorks()
            throws Exception {
        String bike = "bike()";
        try (DriverRun run = DriverRun.driverOnly(VEHICLE, MACHINE, CAR, BIKE, garageWith(bike))) {
            Codec<Object> pojo = run.pojo("test.Garage");
            byte[] written = DriverRun.encode(pojo, run.sample("test.Garage"));
            assertThat(DriverRun.json(written)).isEqualTo("{\"main\": {\"gears\": 3}}");
            assertThatThrownBy(() -> DriverRun.decode(pojo, written)).isInstanceOf(CodecConfigurationException.class);
        }
        try (DriverRun run = DriverRun.withKeysmith(type("Vehicle", "@BsonDiscriminator public interface Vehicle {}"),
                MACHINE, CAR, BIKE, garageWith(bike))) {
            assertSameDocuments(run, "Garage");
        }
    }

    private static JavaFileObject garageWith(String main) {
        String bike = main.equals("bike()")
                ? "  static Vehicle bike() { Bike bike = new Bike(); bike.setGears(3); return bike; }" : "";
        return type("Garage",
                "@Document public class Garage {",
                "  @BsonProperty(useDiscriminator = true) private Vehicle main;",
                "  public Vehicle getMain() { return main; }",
                "  public void setMain(Vehicle main) { this.main = main; }",
                "  static Vehicle car() { Car car = new Car(); car.setName(\"c\"); car.setWheels(4); return car; }",
                bike,
                "  static Garage sample() { Garage garage = new Garage(); garage.main = " + main + "; return garage; }",
                "}");
    }

    @Test
    void anInterfaceSwitchedOnWhoseImplementationsWriteTheirDiscriminatorIsTheDriversAndKeysmiths()
            throws Exception {
        try (DriverRun run = DriverRun.withKeysmith(VEHICLE, MACHINE, CAR, garageWith("car()"))) {
            assertSameDocuments(run, "Garage");
            assertThat(DriverRun.json(DriverRun.encode(run.keysmith("test.Garage"), run.sample("test.Garage"))))
                    .isEqualTo("{\"main\": {\"_t\": \"test.Car\", \"name\": \"c\", \"wheels\": 4}}");
        }
    }

    // A generic class under @BsonProperty(useDiscriminator = true): the driver writes _t.

    @Test
    void aGenericClassSwitchedOnByUseDiscriminatorIsTheDriversAndKeysmiths() throws Exception {
        try (DriverRun run = DriverRun.withKeysmith(type("Boxed",
                "public class Boxed<T> {",
                "  private T value;",
                "  public T getValue() { return value; }",
                "  public void setValue(T value) { this.value = value; }",
                "}"), type("Crate",
                "@Document public class Crate {",
                "  @BsonProperty(useDiscriminator = true) private Boxed<Integer> box;",
                "  public Boxed<Integer> getBox() { return box; }",
                "  public void setBox(Boxed<Integer> box) { this.box = box; }",
                "  static Crate sample() {",
                "    Boxed<Integer> box = new Boxed<>(); box.setValue(3);",
                "    Crate crate = new Crate(); crate.box = box; return crate;",
                "  }",
                "}"))) {
            assertSameDocuments(run, "Crate");
            assertThat(DriverRun.json(DriverRun.encode(run.keysmith("test.Crate"), run.sample("test.Crate"))))
                    .isEqualTo("{\"box\": {\"_t\": \"test.Boxed\", \"value\": 3}}");
        }
    }

    // A @BsonId creator parameter in a class without an id property.

    private static JavaFileObject ticket(String parameter, String getter) {
        return type("Ticket",
                "@Document public class Ticket {",
                "  private final String code;",
                "  private String note;",
                "  @BsonCreator public Ticket(" + parameter + " String code) { this.code = code; }",
                "  " + getter + " public String getCode() { return code; }",
                "  public String getNote() { return note; }",
                "  public void setNote(String note) { this.note = note; }",
                "  static Ticket sample() { Ticket ticket = new Ticket(\"A-1\"); ticket.note = \"n\"; return ticket; }",
                "}");
    }

    @Test
    @Backs(Message.CREATOR_ID)
    void theDriverRefusesABsonIdCreatorParameterWithoutIdPropertyAndBothFixesWork() throws Exception {
        try (DriverRun run = DriverRun.driverOnly(ticket("@BsonId", ""))) {
            assertThatThrownBy(() -> ClassModel.builder(run.type("test.Ticket")).build())
                    .isInstanceOf(CodecConfigurationException.class).hasMessageContaining("no known Id property");
        }
        try (DriverRun run = DriverRun.withKeysmith(ticket("@BsonId", "@BsonId"))) {
            assertSameDocuments(run, "Ticket");
        }
        try (DriverRun run = DriverRun.withKeysmith(ticket("@BsonProperty(\"code\")", ""))) {
            assertSameDocuments(run, "Ticket");
        }
    }

    // A document without a value for a creator's parameter: the driver passes null for a reference, and fails
    // naming every missing parameter when a primitive one is missing; so does keysmith.

    @Test
    void aDocumentWithoutACreatorParameterIsReadAsTheDriverReadsIt() throws Exception {
        try (DriverRun run = DriverRun.withKeysmith(type("Made",
                "@Document public class Made {",
                "  private final String name;",
                "  private final int count;",
                "  @BsonCreator public Made(@BsonProperty(\"name\") String name, @BsonProperty(\"count\") int count) {",
                "    this.name = name; this.count = count;",
                "  }",
                "  public String getName() { return name; }",
                "  public int getCount() { return count; }",
                "}"))) {
            byte[] empty = DriverRun.bytes("{}");
            assertThatThrownBy(() -> DriverRun.decode(run.pojo("test.Made"), empty))
                    .isInstanceOf(CodecConfigurationException.class).hasMessageContaining("[name, count]");
            assertThatThrownBy(() -> DriverRun.decode(run.keysmith("test.Made"), empty))
                    .isInstanceOf(EntityDecodingException.class)
                    .hasMessage("Cannot decode Made.count: the document has no 'name', 'count', and the creator "
                            + "cannot take a missing primitive");
            byte[] withoutCount = DriverRun.bytes("{\"name\": \"a\"}");
            assertThatThrownBy(() -> DriverRun.decode(run.pojo("test.Made"), withoutCount))
                    .hasMessageContaining("[count]");
            assertThatThrownBy(() -> DriverRun.decode(run.keysmith("test.Made"), withoutCount))
                    .isInstanceOf(EntityDecodingException.class).hasMessageContaining("no 'count',");
            for (String json : new String[] {"{\"count\": 2}", "{\"name\": null, \"count\": 2}"}) {
                byte[] document = DriverRun.bytes(json);
                assertThat(DriverRun.decode(run.keysmith("test.Made"), document)).usingRecursiveComparison()
                        .isEqualTo(DriverRun.decode(run.pojo("test.Made"), document));
            }
        }
    }

    // The discriminator switches of @BsonProperty on a class with subclasses: the driver loses their fields.

    @Test
    @Backs(value = Message.FIELD_TYPE, reasons = {Reason.SWITCHED_OFF_WITH_SUBCLASSES,
            Reason.SWITCHED_ON_WITH_SUBCLASSES})
    void theDriverReadsASubclassBackAsTheDeclaredClassUnderASwitchedDiscriminator() throws Exception {
        try (DriverRun run = DriverRun.driverOnly(
                type("Animal", "@BsonDiscriminator public class Animal { public String name; }"),
                type("Dog", "public class Dog extends Animal { public boolean goodBoy; }"),
                type("Place", "public class Place { public String name; }"),
                type("City", "public class City extends Place { public int people; }"),
                type("Bad",
                        "public class Bad {",
                        "  @BsonProperty(\"animal\") public Animal pet;",
                        "  @BsonProperty(useDiscriminator = true) public Place place;",
                        "  static Bad sample() {",
                        "    Dog dog = new Dog(); dog.name = \"Rex\"; dog.goodBoy = true;",
                        "    City city = new City(); city.name = \"Oslo\"; city.people = 7;",
                        "    Bad bad = new Bad(); bad.pet = dog; bad.place = city; return bad;",
                        "  }",
                        "}"))) {
            Codec<Object> pojo = run.pojo("test.Bad");
            Object decoded = DriverRun.decode(pojo, DriverRun.encode(pojo, run.sample("test.Bad")));
            assertThat(decoded.getClass().getField("pet").get(decoded).getClass().getSimpleName()).isEqualTo("Animal");
            assertThat(decoded.getClass().getField("place").get(decoded).getClass().getSimpleName())
                    .isEqualTo("Place");
        }
    }

    @Test
    @Backs(value = Message.ID_PLACEMENT, reasons = Reason.PRIVATE_FIELD)
    void theDriverStoresAPrivateFieldOnlyThroughItsGetter() throws Exception {
        try (DriverRun run = DriverRun.driverOnly(type("Note",
                "public class Note {",
                "  private String hidden = \"h\";",
                "  private String shown = \"s\";",
                "  public String text = \"t\";",
                "  public String getShown() { return shown; }",
                "  public void setShown(String shown) { this.shown = shown; }",
                "  static Note sample() { return new Note(); }",
                "}"))) {
            assertThat(DriverRun.json(DriverRun.encode(run.pojo("test.Note"), run.sample("test.Note"))))
                    .isEqualTo("{\"shown\": \"s\", \"text\": \"t\"}");
        }
    }

    /** Every message, and every part of one, that says what the driver does is shown by a test of this class. */
    @Test
    void everyMessageThatSpeaksOfTheDriverIsShownHere() {
        Set<Message> backed = Arrays.stream(DriverShapesTest.class.getDeclaredMethods())
                .map(method -> method.getAnnotation(Backs.class)).filter(java.util.Objects::nonNull)
                .flatMap(backs -> Arrays.stream(backs.value())).collect(Collectors.toCollection(
                        () -> EnumSet.noneOf(Message.class)));
        Set<Message> speaking = Stream.of(Message.values()).filter(message -> message.template().contains("driver"))
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(Message.class)));
        assertThat(backed).containsAll(speaking);
        Set<Reason> backedReasons = Arrays.stream(DriverShapesTest.class.getDeclaredMethods())
                .map(method -> method.getAnnotation(Backs.class)).filter(java.util.Objects::nonNull)
                .flatMap(backs -> Arrays.stream(backs.reasons())).collect(Collectors.toCollection(
                        () -> EnumSet.noneOf(Reason.class)));
        Set<Reason> speakingReasons = Stream.of(Reason.values())
                .filter(reason -> reason.template().contains("driver"))
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(Reason.class)));
        assertThat(backedReasons).containsAll(speakingReasons);
    }
}
