package dev.keysmith.mongodb.model;

import dev.keysmith.annotations.Embedded;
import java.util.List;

/** An embedded type that holds itself: its codec finds its own codec lazily. */
@Embedded
public record Category(String name, List<Category> children) {
}
