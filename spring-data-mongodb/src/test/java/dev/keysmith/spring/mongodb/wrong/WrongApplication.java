package dev.keysmith.spring.mongodb.wrong;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** An application whose only entity maps its id wrongly: it must not start. */
@SpringBootApplication
public class WrongApplication {
}
