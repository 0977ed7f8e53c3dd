package org.bson.keysmithparity;

/** A generic application class in a package that starts with {@code org.bson}. */
public class Span<T> {
    public T from;
    public T to;
}
