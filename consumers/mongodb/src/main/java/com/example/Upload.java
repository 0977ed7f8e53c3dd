package com.example;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.UuidId;

@Document(collection = "uploads")
public class Upload {
    @UuidId String id;
    String fileName;

    Upload() {
    }

    public Upload(String fileName) {
        this.fileName = fileName;
    }
}
