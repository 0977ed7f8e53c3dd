package com.example;

import dev.keysmith.annotations.UuidId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import java.util.UUID;

@Entity
public class Upload {
    @Id @UuidId UUID id;
    String fileName;

    protected Upload() {
    }

    public Upload(String fileName) {
        this.fileName = fileName;
    }
}
