#!/bin/bash
# Moodle VPL (Virtual Programming Lab): grade a submission with SearchGrader. Put this file, the
# assignment's spec and the files it names (as "execution files", kept from the student) in the
# activity. VPL runs it in a folder holding the student's files and the execution files, runs the
# vpl_execution it writes, and reads what that prints: a comment per rubric criterion and the
# grade ("Grade :=>> N"), scaled to the activity's maximum grade.
#
#   SEARCHGRADER   the searchgrader binary on the execution server (default: on PATH)
#   SPEC           the spec, relative to this folder (default: searchgrader/city-routes.yaml)
[ -f common_script.sh ] && . common_script.sh
[ -f vpl_environment.sh ] && . vpl_environment.sh
SEARCHGRADER=${SEARCHGRADER:-searchgrader}
SPEC=${SPEC:-searchgrader/city-routes.yaml}

cat > vpl_execution <<END_OF_SCRIPT
#!/bin/bash
# Only the student's files go into the box: the spec and its hidden tests stay outside it.
rm -rf .sg-submission && mkdir .sg-submission
for file in \$VPL_SUBFILES; do
  mkdir -p ".sg-submission/\$(dirname "\$file")" && cp "\$file" ".sg-submission/\$file"
done
"$SEARCHGRADER" grade "$SPEC" .sg-submission --format vpl \${VPL_GRADEMAX:+--grade-max "\$VPL_GRADEMAX"} 2>/dev/null
status=\$?
# 2: the spec could not be read; 3: a grader fault. The output already says so; no grade then.
exit 0
END_OF_SCRIPT
chmod +x vpl_execution
