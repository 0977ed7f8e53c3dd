package dev.keysmith.hibernate;

/**
 * The DDL of {@code keysmith_sequences} exactly as docs/hibernate.md gives it and schema export writes it (one
 * statement, for both databases; {@code DocumentedDdlTest} compares them).
 */
final class KeysmithSequencesDdl {

    static final String DDL = "create table keysmith_sequences ("
            + "next_val bigint not null, "
            + "seq_name varchar(255) not null, "
            + "primary key (seq_name))";

    private KeysmithSequencesDdl() {
    }
}
