package io.gpurelay.emulator.ptx;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits PTX source into tokens. Instruction names keep their dotted modifiers ({@code ld.global.v4.f32}) and
 * special registers their component ({@code %tid.x}) as one word, which is how the parser wants them.
 */
final class PtxLexer
{
    enum Kind
    {
        WORD, NUMBER, STRING, PUNCTUATION, END
    }

    record Token(Kind kind, String text, int line)
    {
        boolean is(final String punctuation)
        {
            return kind == Kind.PUNCTUATION && text.equals(punctuation);
        }
    }

    private final String source;
    private final List<Token> tokens = new ArrayList<>();
    private int position;
    private int line = 1;

    private PtxLexer(final String source)
    {
        this.source = source;
    }

    static List<Token> tokenize(final String source)
    {
        final PtxLexer lexer = new PtxLexer(source);
        lexer.run();
        return lexer.tokens;
    }

    private void run()
    {
        final int length = source.length();
        while (position < length)
        {
            final char c = source.charAt(position);
            if (c == '\n')
            {
                line++;
                position++;
            }
            else if (Character.isWhitespace(c))
            {
                position++;
            }
            else if (c == '/' && peek(1) == '/')
            {
                while (position < length && source.charAt(position) != '\n')
                {
                    position++;
                }
            }
            else if (c == '/' && peek(1) == '*')
            {
                skipBlockComment();
            }
            else if (c == '"')
            {
                readString();
            }
            else if (isDigit(c))
            {
                readNumber();
            }
            else if (isWordStart(c))
            {
                readWord();
            }
            else if ("{}[]()<>,;:+-|!@=".indexOf(c) >= 0)
            {
                tokens.add(new Token(Kind.PUNCTUATION, String.valueOf(c), line));
                position++;
            }
            else
            {
                throw new PtxException("unexpected character '" + c + "'", line);
            }
        }
        tokens.add(new Token(Kind.END, "<end of file>", line));
    }

    private char peek(final int ahead)
    {
        final int index = position + ahead;
        return index < source.length() ? source.charAt(index) : '\0';
    }

    private void skipBlockComment()
    {
        final int startLine = line;
        position += 2;
        while (position < source.length() && !(source.charAt(position) == '*' && peek(1) == '/'))
        {
            if (source.charAt(position) == '\n')
            {
                line++;
            }
            position++;
        }
        if (position >= source.length())
        {
            throw new PtxException("unterminated comment", startLine);
        }
        position += 2;
    }

    private void readString()
    {
        final int start = ++position;
        while (position < source.length() && source.charAt(position) != '"')
        {
            if (source.charAt(position) == '\n')
            {
                throw new PtxException("unterminated string", line);
            }
            position++;
        }
        if (position >= source.length())
        {
            throw new PtxException("unterminated string", line);
        }
        tokens.add(new Token(Kind.STRING, source.substring(start, position), line));
        position++;
    }

    private void readNumber()
    {
        final int start = position;
        final char c = source.charAt(position);
        final char radix = Character.toLowerCase(peek(1));
        if (c == '0' && (radix == 'x' || radix == 'f' || radix == 'd' || radix == 'b'))
        {
            position += 2;
            while (position < source.length() && Character.isLetterOrDigit(source.charAt(position)))
            {
                position++;
            }
        }
        else
        {
            while (position < source.length() && isDigit(source.charAt(position)))
            {
                position++;
            }
            if (position < source.length() && source.charAt(position) == '.')
            {
                position++;
                while (position < source.length() && isDigit(source.charAt(position)))
                {
                    position++;
                }
            }
            if (position < source.length() && Character.toLowerCase(source.charAt(position)) == 'e')
            {
                position++;
                if (peek(0) == '+' || peek(0) == '-')
                {
                    position++;
                }
                while (position < source.length() && isDigit(source.charAt(position)))
                {
                    position++;
                }
            }
            if (position < source.length() && Character.toUpperCase(source.charAt(position)) == 'U')
            {
                position++;
            }
        }
        tokens.add(new Token(Kind.NUMBER, source.substring(start, position), line));
    }

    private void readWord()
    {
        final int start = position;
        position++;
        while (position < source.length() && isWordPart(source.charAt(position)))
        {
            position++;
        }
        tokens.add(new Token(Kind.WORD, source.substring(start, position), line));
    }

    private static boolean isDigit(final char c)
    {
        return c >= '0' && c <= '9';
    }

    private static boolean isWordStart(final char c)
    {
        return Character.isLetter(c) || c == '_' || c == '$' || c == '%' || c == '.';
    }

    private static boolean isWordPart(final char c)
    {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '.';
    }
}
