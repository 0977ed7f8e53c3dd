package dev.keysmith.mongodb.reactive.model;

import dev.keysmith.annotations.Document;

/** A stored class without an id property: the driver makes its {@code _id} on insert. */
@Document(collection = "page_hits")
public class PageHit {

    public String page;

    public PageHit() {
    }

    public PageHit(String page) {
        this.page = page;
    }
}
