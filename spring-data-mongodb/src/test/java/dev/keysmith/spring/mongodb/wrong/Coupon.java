package dev.keysmith.spring.mongodb.wrong;

import dev.keysmith.annotations.Sequence;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** {@code @Sequence} on a String id: numbers cannot go into it. */
@Document("coupons")
public class Coupon {

    @Id
    @Sequence
    private String code;

    public String getCode() {
        return code;
    }
}
