package io.gpurelay.executor.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;

import io.gpurelay.executor.log.ExecutorLog;

/**
 * The token of {@code --token-file}, which both the executor and {@code gpurelay stat} read: the file's first line,
 * with a warning when other users of the host may read it.
 */
public final class TokenFile
{
    private TokenFile()
    {
    }

    public static String read(final Path file, final ExecutorLog log)
    {
        final String content;
        try
        {
            content = Files.readString(file, StandardCharsets.UTF_8);
            if (Files.getFileAttributeView(file, PosixFileAttributeView.class) != null)
            {
                final Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
                if (permissions.contains(PosixFilePermission.GROUP_READ) ||
                    permissions.contains(PosixFilePermission.OTHERS_READ))
                {
                    log.warn("--token-file " + file + " is readable by other users of this host; chmod 600 it");
                }
            }
        }
        catch (final IOException ex)
        {
            throw new IllegalArgumentException("--token-file " + file + " cannot be read: " + ex.getMessage(), ex);
        }
        final int lineEnd = content.indexOf('\n');
        final String token = (lineEnd < 0 ? content : content.substring(0, lineEnd)).strip();
        if (token.isEmpty())
        {
            throw new IllegalArgumentException("--token-file " + file + " holds no token on its first line");
        }
        return token;
    }
}
