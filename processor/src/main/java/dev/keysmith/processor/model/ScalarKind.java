package dev.keysmith.processor.model;

/** The value kinds that generated code writes and reads with direct {@code BsonWriter}/{@code BsonReader} calls.
 *
 * <p>Immutable.
 */
public enum ScalarKind {
    BOOLEAN,
    INT,
    LONG,
    DOUBLE,
    FLOAT,
    SHORT,
    BYTE,
    CHAR,
    STRING,
    ENUM,
    INSTANT,
    DATE,
    LOCAL_DATE,
    LOCAL_DATE_TIME,
    BIG_DECIMAL,
    UUID,
    OBJECT_ID,
    BYTES
}
