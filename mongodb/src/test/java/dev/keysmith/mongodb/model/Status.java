package dev.keysmith.mongodb.model;

public enum Status {
    ACTIVE,
    SUSPENDED,
    CLOSED
}
