/** The message catalog and the reporter; everything the processor tells the user goes through here. */
package dev.keysmith.processor.messages;
