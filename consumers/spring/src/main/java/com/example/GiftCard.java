package com.example;

import dev.keysmith.annotations.RandomId;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** A gift card with a random 16-digit number. */
@Document("giftCards")
public record GiftCard(@Id @RandomId(digits = 16) Long number, long cents) {
}
