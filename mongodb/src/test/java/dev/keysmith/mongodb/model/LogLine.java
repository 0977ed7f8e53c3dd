package dev.keysmith.mongodb.model;

import dev.keysmith.annotations.Document;

/** A stored class without an id property: the driver makes its _id on insert. */
@Document(collection = "log")
public class LogLine {
    public String level;
    public String message;
}
