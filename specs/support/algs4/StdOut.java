package edu.princeton.cs.algs4;

import java.io.PrintWriter;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** Standard output in UTF-8, flushed after every call, with the course's API (stand-in). */
public class StdOut {
    private static final PrintWriter out =
        new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);

    protected StdOut() { }  // protected: the pre-2015 library's StdOut (support/algs4-2014) extends it
    public static void println() { out.println(); }
    public static void println(Object x) { out.println(x); }
    public static void println(boolean x) { out.println(x); }
    public static void println(char x) { out.println(x); }
    public static void println(double x) { out.println(x); }
    public static void println(float x) { out.println(x); }
    public static void println(int x) { out.println(x); }
    public static void println(long x) { out.println(x); }
    public static void print() { out.flush(); }
    public static void print(Object x) { out.print(x); out.flush(); }
    public static void print(boolean x) { out.print(x); out.flush(); }
    public static void print(char x) { out.print(x); out.flush(); }
    public static void print(double x) { out.print(x); out.flush(); }
    public static void print(int x) { out.print(x); out.flush(); }
    public static void print(long x) { out.print(x); out.flush(); }
    public static void printf(String format, Object... args) {
        out.printf(Locale.US, format, args);
        out.flush();
    }
}
