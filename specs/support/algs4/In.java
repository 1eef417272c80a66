package edu.princeton.cs.algs4;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.Scanner;

/** Input from a file (or standard input), with the course's API (stand-in, see README.md). */
public class In {
    private final Scanner scanner;

    public In() { scanner = new Scanner(System.in, StandardCharsets.UTF_8); scanner.useLocale(Locale.US); }
    public In(File file) {
        try {
            scanner = new Scanner(Files.newBufferedReader(file.toPath(), StandardCharsets.UTF_8));
            scanner.useLocale(Locale.US);
        } catch (IOException e) {
            throw new IllegalArgumentException("could not open " + file, e);
        }
    }
    public In(String name) { this(new File(name)); }

    public boolean exists() { return scanner != null; }
    public boolean isEmpty() { return !scanner.hasNext(); }
    public boolean hasNextLine() { return scanner.hasNextLine(); }
    public boolean hasNextChar() { return scanner.hasNext(); }
    public String readLine() { return scanner.hasNextLine() ? scanner.nextLine() : null; }
    public String readString() { return scanner.next(); }
    public int readInt() {
        try {
            return scanner.nextInt();
        } catch (java.util.InputMismatchException e) {
            throw new java.util.InputMismatchException("attempts to read an 'int' value from the input stream, but the next token is \"" + scanner.next() + "\"");
        }
    }
    public long readLong() { return scanner.nextLong(); }
    public double readDouble() { return scanner.nextDouble(); }
    public boolean readBoolean() { return scanner.nextBoolean(); }
    public String readAll() {
        if (!scanner.hasNextLine()) return "";
        String all = scanner.useDelimiter("\\A").next();
        scanner.useDelimiter("\\p{javaWhitespace}+");
        return all;
    }
    public String[] readAllStrings() {
        List<String> words = new ArrayList<>();
        while (scanner.hasNext()) words.add(scanner.next());
        return words.toArray(new String[0]);
    }
    public String[] readAllLines() {
        List<String> lines = new ArrayList<>();
        while (scanner.hasNextLine()) lines.add(scanner.nextLine());
        return lines.toArray(new String[0]);
    }
    public int[] readAllInts() {
        String[] words = readAllStrings();
        int[] values = new int[words.length];
        for (int i = 0; i < words.length; i++) values[i] = Integer.parseInt(words[i]);
        return values;
    }
    public void close() { scanner.close(); }
}
