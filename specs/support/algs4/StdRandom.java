package edu.princeton.cs.algs4;

import java.util.Random;

/** Random numbers, with the course's API (stand-in, see README.md). */
public class StdRandom {
    private static Random random = new Random();
    private static long seed = System.currentTimeMillis();

    protected StdRandom() { }  // protected: the pre-2015 library's StdRandom extends it
    public static void setSeed(long s) { seed = s; random = new Random(s); }
    public static long getSeed() { return seed; }
    public static double uniform() { return random.nextDouble(); }
    public static double uniformDouble() { return uniform(); }
    public static int uniform(int n) {
        if (n <= 0) throw new IllegalArgumentException("argument must be positive: " + n);
        return random.nextInt(n);
    }
    public static int uniformInt(int n) { return uniform(n); }
    public static int uniform(int a, int b) {
        if (b <= a || (long) b - a >= Integer.MAX_VALUE) throw new IllegalArgumentException("invalid range: [" + a + ", " + b + ")");
        return a + uniform(b - a);
    }
    public static int uniformInt(int a, int b) { return uniform(a, b); }
    public static double uniform(double a, double b) { return a + uniform() * (b - a); }
    public static double uniformDouble(double a, double b) { return uniform(a, b); }
    public static boolean bernoulli(double p) { return uniform() < p; }
    public static boolean bernoulli() { return bernoulli(0.5); }
    public static void shuffle(Object[] a) {
        for (int i = 0; i < a.length; i++) {
            int r = i + uniform(a.length - i);
            Object temp = a[i]; a[i] = a[r]; a[r] = temp;
        }
    }
    public static void shuffle(int[] a) {
        for (int i = 0; i < a.length; i++) {
            int r = i + uniform(a.length - i);
            int temp = a[i]; a[i] = a[r]; a[r] = temp;
        }
    }
}
