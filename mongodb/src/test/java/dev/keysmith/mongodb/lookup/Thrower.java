package dev.keysmith.mongodb.lookup;

/** A plain class whose codec ({@link Thrower_KeysmithCodec}, written by hand) fails in its constructor. */
public class Thrower {
}
