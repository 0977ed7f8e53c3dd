package dev.keysmith.mongodb.model;

import dev.keysmith.annotations.UuidId;

/** A String UUID id on a record; an entity without @Document (collection "coupon"). */
public record Coupon(@UuidId String code, int percent) {
}
