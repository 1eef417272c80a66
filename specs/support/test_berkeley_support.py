"""The Berkeley support modules' helpers as multi-agent agents use them (util.Counter and the
sampling helpers); pacman.py's game rules are tested against the reference in C++
(grader/domains/pacman_support_rules_test.cc)."""

import os
import random
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'berkeley'))

import util  # noqa: E402


class CounterTest(unittest.TestCase):
    def test_missing_keys_count_zero_and_the_largest_wins(self):
        counter = util.Counter()
        counter['North'] += 2
        counter['East'] = 5
        self.assertEqual(counter['West'], 0)
        self.assertEqual(counter.argMax(), 'East')
        self.assertEqual(counter.sortedKeys()[:2], ['East', 'North'])
        self.assertEqual(counter.totalCount(), 7)
        self.assertIsNone(util.Counter().argMax())

    def test_arithmetic_between_counters(self):
        a = util.Counter({'x': 1, 'y': 2})
        b = util.Counter({'y': 3, 'z': 4})
        self.assertEqual(dict(a + b), {'x': 1, 'y': 5, 'z': 4})
        self.assertEqual(dict(a - b), {'x': 1, 'y': -1, 'z': -4})
        self.assertEqual(a * b, 6)
        a.normalize()
        self.assertAlmostEqual(a['y'], 2 / 3)
        self.assertAlmostEqual(util.normalize(b)['z'], 4 / 7)

    def test_sampling_follows_the_weights(self):
        random.seed(1)
        draws = [util.sample(util.Counter({'a': 0.9, 'b': 0.1})) for _ in range(2000)]
        self.assertGreater(draws.count('a'), 1600)
        self.assertEqual(util.chooseFromDistribution([(1.0, 'only')]), 'only')
        self.assertTrue(util.flipCoin(1.0))
        self.assertFalse(util.flipCoin(0.0))

    def test_points_and_distances(self):
        self.assertEqual(util.nearestPoint((2.5, 3.4)), (3, 3))
        self.assertEqual(util.manhattanDistance((1, 2), (4, 0)), 5)
        self.assertEqual(util.sign(-0.5), -1)


if __name__ == '__main__':
    unittest.main()
