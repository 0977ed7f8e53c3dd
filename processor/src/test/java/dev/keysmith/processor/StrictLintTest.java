package dev.keysmith.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static dev.keysmith.processor.Compilations.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * A correct model compiles under {@code -Xlint:all -Werror}: keysmith claims its own annotations and the driver's
 * (no "No processor claimed" warning), and the generated code has no lint warning of its own.
 */
class StrictLintTest {

    private static final JavaFileObject MODEL = source("test.Shop",
            "package test;",
            "",
            "import dev.keysmith.annotations.*;",
            "import java.math.BigDecimal;",
            "import java.util.*;",
            "import org.bson.BsonType;",
            "import org.bson.codecs.pojo.annotations.*;",
            "import org.bson.types.ObjectId;",
            "",
            "public final class Shop {",
            "  private Shop() {}",
            "",
            "  public abstract static class Base {",
            "    @GeneratedObjectId protected ObjectId id;",
            "    public ObjectId getId() { return id; }",
            "    public void setId(ObjectId id) { this.id = id; }",
            "    public boolean isNew() { return id == null; }",
            "  }",
            "",
            "  @BsonDiscriminator public abstract static class Payment { public BigDecimal amount; }",
            "  @BsonDiscriminator(\"card\") public static class Card extends Payment { public String last4; }",
            "  @BsonDiscriminator(\"cash\") public static class Cash extends Payment { }",
            "",
            "  public static class Line { public String sku; public Integer id; public int quantity; }",
            "",
            "  public record Note(String text, @BsonIgnore String draft) {}",
            "",
            "  @Document public static class Order extends Base {",
            "    public List<Line> lines;",
            "    public SortedSet<String> tags;",
            "    public Map<String, Object> attributes;",
            "    public org.bson.Document extra;",
            "    public Payment payment;",
            "    public List<Payment> refunds;",
            "    public Object anything;",
            "    public Deque<Note> notes;",
            "    @BsonRepresentation(BsonType.OBJECT_ID) public String customerId;",
            "    @BsonProperty(\"total_cents\") public long totalCents;",
            "  }",
            "",
            "  @Document public static final class Receipt {",
            "    private final ObjectId id;",
            "    private final String number;",
            "    private String email;",
            "    @BsonCreator public Receipt(@BsonId ObjectId id, @BsonProperty(\"number\") String number) {",
            "      this.id = id;",
            "      this.number = number;",
            "    }",
            "    public ObjectId getId() { return id; }",
            "    public String getNumber() { return number; }",
            "    public String getEmail() { return email; }",
            "    public void setEmail(String email) { this.email = email; }",
            "  }",
            "",
            "  @Document public record Coupon(@Sequence int id, int discount, boolean hasDiscount, String value) {}",
            "}");

    @Test
    void aCorrectModelCompilesWithEveryLintAsAnError() {
        Compilation compilation = javac().withProcessors(new KeysmithProcessor())
                .withOptions("-Xlint:all", "-Werror")
                .compile(MODEL);
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile("test.Shop_Order_KeysmithCodec");
        assertThat(compilation).generatedSourceFile("test.Shop_Line_KeysmithCodec");
        assertThat(compilation).generatedSourceFile("test.Shop_Card_KeysmithCodec");
        assertThat(compilation).generatedSourceFile("test.Shop_Note_KeysmithCodec");
    }
}
