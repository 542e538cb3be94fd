package io.gpurelay.executor.log;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpurelay.protocol.ClientName;
import org.junit.jupiter.api.Test;

class LogTextTest
{
    @Test
    void aQuotedSanitisedNameUnquotesToItself()
    {
        for (final String raw : new String[]{ "first-holder", "it's \\ mine", "Müller", "x\u0007y" })
        {
            final String name = ClientName.sanitise(raw);
            assertEquals(name, LogText.unquote(LogText.quote(name)));
        }
        assertEquals("'it\\'s'", LogText.quote("it's"));
    }

    @Test
    void textThatIsNotQuotedIsLeftAsItIs()
    {
        assertEquals("plain", LogText.unquote("plain"));
        assertEquals("'", LogText.unquote("'"));
    }
}
