package dev.keysmith.mongodb.lookup;

/** A plain class with no codec of the generated name, only a registered factory ({@link RegisteredFactory}). */
public class Registered {
}
