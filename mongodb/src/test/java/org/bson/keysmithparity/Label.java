package org.bson.keysmithparity;

/** An application class in a package that starts with {@code org.bson}: not one of the driver's types. */
public class Label {
    public String text;
    public int size;
}
