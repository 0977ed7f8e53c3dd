package dev.keysmith.processor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keysmith.processor.messages.Message;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Every compile-time message is explained, with its fix, in the troubleshooting guide. */
class DocumentedMessagesTest {

    @Test
    void troubleshootingListsEveryMessageTag() throws IOException {
        String guide = Files.readString(Path.of("..", "docs", "troubleshooting.md"));
        for (Message message : Message.values()) {
            assertThat(guide)
                    .as("docs/troubleshooting.md explains %s", message.tag())
                    .contains("| `" + message.tag() + "` |");
        }
    }
}
