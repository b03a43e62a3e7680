/**
 * Training management (issue 34): phishing simulation campaigns (templates, sending on the job runner, public
 * tracking, results) and short courses with quizzes, assigned by hand or after a simulation. What other modules
 * and the route files may use.
 */
export { trainingPermissions } from "./permissions";
export { COURSES, findCourse, PASS_SCORE, type Course } from "./courses";
export { STARTER_TEMPLATES, renderTemplate, type Template } from "./templates";
