package dev.keysmith.mongodb.model;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.UuidId;
import java.util.Objects;
import java.util.UUID;

/** An immutable class with an all-args constructor. */
@Document(collection = "tickets")
public final class Ticket {
    @UuidId(version = UuidId.Version.TIME_ORDERED)
    private final UUID id;
    private final String title;
    private final int priority;

    public Ticket(UUID id, String title, int priority) {
        this.id = id;
        this.title = title;
        this.priority = priority;
    }

    public UUID getId() {
        return id;
    }

    public String getTitle() {
        return title;
    }

    public int getPriority() {
        return priority;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Ticket ticket && Objects.equals(ticket.id, id) && Objects.equals(ticket.title, title)
                && ticket.priority == priority;
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, title, priority);
    }
}
