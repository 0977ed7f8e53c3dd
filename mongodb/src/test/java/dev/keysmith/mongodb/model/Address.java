package dev.keysmith.mongodb.model;

import dev.keysmith.annotations.Embedded;

/** An embedded record holding another embedded type. */
@Embedded
public record Address(String street, String city, Geo geo) {
}
