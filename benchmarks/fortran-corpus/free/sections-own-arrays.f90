! race: no
! Each section writes its own array and reads a shared input.
program sections_own_arrays
  implicit none
  real :: inp(100), o1(100), o2(100)
  inp = 1.0
  !$omp parallel sections
  !$omp section
  o1 = inp + 1.0
  !$omp section
  o2 = inp * 2.0
  !$omp end parallel sections
  print *, o1(1), o2(1)
end program
