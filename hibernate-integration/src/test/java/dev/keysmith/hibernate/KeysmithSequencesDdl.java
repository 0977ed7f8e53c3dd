package dev.keysmith.hibernate;

/** The DDL of {@code keysmith_sequences} exactly as docs/hibernate.md gives it (one statement, for both databases). */
final class KeysmithSequencesDdl {

    static final String DDL = "create table keysmith_sequences ("
            + "seq_name varchar(255) not null, "
            + "next_val bigint not null, "
            + "primary key (seq_name))";

    private KeysmithSequencesDdl() {
    }
}
