package dev.keysmith.mongodb.lookup;

/** A plain class whose generated-codec name is taken by a codec of another type ({@link Impostor_KeysmithCodec}). */
public class Impostor {
}
