package test;

import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.codec.DiscriminatedEntityCodec;
import dev.keysmith.runtime.codec.IdStrategy;
import dev.keysmith.runtime.codec.KeysmithGenerated;
import java.util.Map;
import org.bson.codecs.configuration.CodecRegistry;

@KeysmithGenerated
public final class Event_KeysmithCodec extends DiscriminatedEntityCodec<Event> {
  private static final int INSERT_ATTEMPTS = 1;

  /**
   * The classes of {@link Event} values, by the discriminator '_t'.
   */
  private static final Map<String, Class<?>> EVENT_CLASSES = Map.ofEntries(Map.entry("test.Event$Click", Event.Click.class), Map.entry("view", Event.View.class));

  public Event_KeysmithCodec(CodecRegistry registry, IdGenerators ids) {
    super(Event.class, "events", IdStrategy.OBJECT_ID, INSERT_ATTEMPTS, registry, ids, "_t", EVENT_CLASSES);
  }
}
