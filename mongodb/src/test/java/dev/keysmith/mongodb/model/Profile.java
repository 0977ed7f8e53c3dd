package dev.keysmith.mongodb.model;

import com.mongodb.DBRef;
import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.GeneratedObjectId;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.bson.codecs.pojo.annotations.BsonIgnore;
import org.bson.codecs.pojo.annotations.BsonProperty;
import org.bson.types.ObjectId;

/** A field-access class holding every field kind of the design. */
@Document(collection = "profiles")
public class Profile {
    @GeneratedObjectId public String id;

    public boolean flag;
    public int count;
    public long big;
    public double ratio;
    public float weight;
    public short small;
    public byte tiny;
    public char initial;

    public Boolean boxedFlag;
    public Integer boxedCount;
    public Long boxedBig;
    public Double boxedRatio;

    @BsonProperty("display_name") public String name;
    public Status status;
    public Instant createdAt;
    public Date legacyDate;
    public LocalDate birthday;
    public LocalDateTime meeting;
    public BigDecimal balance;
    public UUID token;
    public ObjectId owner;
    public byte[] avatar;
    public DBRef manager;

    public List<String> tags;
    public Set<Integer> luckyNumbers;
    public Map<String, Long> counters;
    public String[] aliases;
    public int[] scores;
    public List<List<String>> matrix;

    public Address home;
    public List<Address> previousHomes;
    public Map<String, Address> addressBook;

    @BsonIgnore public String transientNote;
}
