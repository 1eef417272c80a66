#include "spec/size_formula.h"

#include <fmt/format.h>

#include <cctype>
#include <cmath>
#include <stdexcept>

namespace sg {

struct SizeFormula::Node {
  char op = 0;  // 0: a number; 'v': a variable; else + - * / ^ (and '~': negation)
  double number = 0;
  std::string name;
  std::shared_ptr<const Node> left, right;
};

namespace {

using NodePtr = std::shared_ptr<const SizeFormula::Node>;

class Parser {
 public:
  Parser(const std::string& text, const std::vector<std::string>& variables,
         const SourceLocation& where)
      : text_(text), variables_(variables), where_(where) {}

  NodePtr formula() {
    NodePtr root = sum();
    skip_space();
    if (at_ < text_.size()) fail("+, -, *, /, ^ or the end");
    return root;
  }

 private:
  [[noreturn]] void fail(const std::string& expected) const {
    const std::string found =
        at_ < text_.size() ? fmt::format("`{}`", text_[at_]) : std::string("the end");
    throw SpecError(where_, fmt::format("in the formula \"{}\", {} at character {}: expected {}",
                                        text_, found, at_ + 1, expected));
  }

  void skip_space() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }

  bool take(char c) {
    skip_space();
    if (at_ < text_.size() && text_[at_] == c) {
      ++at_;
      return true;
    }
    return false;
  }

  static NodePtr make(char op, NodePtr left, NodePtr right) {
    auto node = std::make_shared<SizeFormula::Node>();
    node->op = op;
    node->left = std::move(left);
    node->right = std::move(right);
    return node;
  }

  NodePtr sum() {
    NodePtr left = product();
    while (true) {
      if (take('+'))
        left = make('+', left, product());
      else if (take('-'))
        left = make('-', left, product());
      else
        return left;
    }
  }

  // Whether a factor starts here without an operator: "32 n", "2(n + 1)".
  bool implicit_factor() {
    skip_space();
    return at_ < text_.size() && (std::isalpha(static_cast<unsigned char>(text_[at_])) ||
                                  text_[at_] == '(' || text_[at_] == '_');
  }

  NodePtr product() {
    NodePtr left = unary();
    while (true) {
      if (take('*'))
        left = make('*', left, unary());
      else if (take('/'))
        left = make('/', left, unary());
      else if (implicit_factor())
        left = make('*', left, unary());
      else
        return left;
    }
  }

  // As in mathematics, -2^2 is -(2^2).
  NodePtr unary() {
    if (take('-')) return make('~', unary(), nullptr);
    return power();
  }

  NodePtr power() {
    NodePtr base = primary();
    if (take('^')) return make('^', base, unary());  // right-associative
    return base;
  }

  NodePtr primary() {
    skip_space();
    if (take('(')) {
      NodePtr inner = sum();
      if (!take(')')) fail("`)`");
      return inner;
    }
    if (at_ < text_.size() &&
        (std::isdigit(static_cast<unsigned char>(text_[at_])) || text_[at_] == '.')) {
      std::size_t used = 0;
      auto node = std::make_shared<SizeFormula::Node>();
      try {
        node->number = std::stod(text_.substr(at_), &used);
      } catch (const std::exception&) {
        fail("a number");
      }
      at_ += used;
      return node;
    }
    if (at_ < text_.size() &&
        (std::isalpha(static_cast<unsigned char>(text_[at_])) || text_[at_] == '_')) {
      const std::size_t start = at_;
      while (at_ < text_.size() &&
             (std::isalnum(static_cast<unsigned char>(text_[at_])) || text_[at_] == '_'))
        ++at_;
      auto node = std::make_shared<SizeFormula::Node>();
      node->op = 'v';
      node->name = text_.substr(start, at_ - start);
      bool known = false;
      for (const std::string& variable : variables_) known = known || variable == node->name;
      if (!known)
        throw SpecError(
            where_, fmt::format("in the formula \"{}\", unknown name `{}`: it may use {}", text_,
                                node->name, fmt::join(variables_, ", ")));
      return node;
    }
    fail("a number, a name or `(`");
  }

  const std::string& text_;
  const std::vector<std::string>& variables_;
  const SourceLocation& where_;
  std::size_t at_ = 0;
};

double evaluate(const SizeFormula::Node& node, const std::map<std::string, double>& values) {
  switch (node.op) {
    case 0:
      return node.number;
    case 'v':
      return values.at(node.name);
    case '~':
      return -evaluate(*node.left, values);
    case '+':
      return evaluate(*node.left, values) + evaluate(*node.right, values);
    case '-':
      return evaluate(*node.left, values) - evaluate(*node.right, values);
    case '*':
      return evaluate(*node.left, values) * evaluate(*node.right, values);
    case '/':
      return evaluate(*node.left, values) / evaluate(*node.right, values);
    default:
      return std::pow(evaluate(*node.left, values), evaluate(*node.right, values));
  }
}

}  // namespace

SizeFormula SizeFormula::parse(const std::string& text, const std::vector<std::string>& variables,
                               const SourceLocation& where) {
  SizeFormula formula;
  formula.text_ = text;
  formula.root_ = Parser(text, variables, where).formula();
  return formula;
}

double SizeFormula::operator()(const std::map<std::string, double>& values) const {
  return evaluate(*root_, values);
}

}  // namespace sg
