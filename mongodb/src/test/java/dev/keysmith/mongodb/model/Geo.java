package dev.keysmith.mongodb.model;

import dev.keysmith.annotations.Embedded;
import java.util.Objects;

/** An embedded plain class inside an embedded record. */
@Embedded
public class Geo {
    public double latitude;
    public double longitude;

    public Geo() {
    }

    public Geo(double latitude, double longitude) {
        this.latitude = latitude;
        this.longitude = longitude;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Geo geo && geo.latitude == latitude && geo.longitude == longitude;
    }

    @Override
    public int hashCode() {
        return Objects.hash(latitude, longitude);
    }
}
